import { configureProperties } from "./properties.js"

configureProperties()
