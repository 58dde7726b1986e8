export type SwcOptions = Record<string, unknown>
/** @swc/core (a development dependency), or null where it is not installed. */
export declare function loadSwc(): Promise<unknown>
/** The .ts files (not .d.ts) under `dir`. */
export declare function typescriptFiles(dir: string): string[]
/** The loader's options; `decorators` for the server (legacy, with metadata), not the CLI. */
export declare function swcOptions(options: { decorators: boolean }): SwcOptions
/** Transpiles `entries` and the relative .ts files they import into `outDir`, mirroring `base`. */
export declare function transpile(
  swc: unknown,
  entries: string[],
  options: SwcOptions,
  outDir: string,
  base?: string
): Promise<number>
