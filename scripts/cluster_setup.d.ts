import type { ChildProcess, StdioOptions } from 'node:child_process'

type Env = Record<string, string | undefined>

export declare const root: string
export declare function missingPrerequisite(): string | null
export declare function buildServer(options?: { log?: (line: string) => void }): void
export declare function clusterEnv(options: {
  listen: number
  appKey: string
  overrides?: Env
}): Env
export declare function prepareDatabase(
  env: Env,
  options?: { fresh?: boolean; seed?: boolean; log?: (line: string) => void }
): void
export declare function startInstance(env: Env, port: number, stdio?: StdioOptions): ChildProcess
export declare const UPSTREAM_HEALTH: string
export declare function nginxConfig(options: {
  prefix: string
  listen: number
  ports: number[]
}): string
export declare function startNginx(options: {
  prefix: string
  listen: number
  ports: number[]
  stdio?: StdioOptions
}): ChildProcess
export declare function waitReady(port: number, timeoutMs?: number): Promise<boolean>
