declare module "validate-fptf" {
  type Validate = (value: unknown, types?: string | ReadonlyArray<string> | null, name?: string) => void
  type Validator = (val: Validators, value: any, name: string) => void
  type Validators = Record<string, Validator>
  interface CreateValidate {
    (validators?: Validators): Validate
    readonly defaultValidators: Validators
  }
  const createValidate: CreateValidate
  export default createValidate
}
