/** Builds the page's bundle (dist/main.js); resolves to its size in bytes. */
export declare const build: () => Promise<number>
