/** Serves the page and its bundle on `port` (0 picks a free one) of 127.0.0.1; rejects when the port is in use. */
export declare const servePage: (port: number) => Promise<{ readonly url: string; readonly close: () => Promise<void> }>
