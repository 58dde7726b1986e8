/** An error meant for the operator: printed as `Error: <message>`, exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: number

  constructor(message: string, exitCode = 1) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

/** Exit code 2 marks usage and configuration problems, 1 failures at run time. */
export const USAGE_EXIT_CODE = 2

export class MissingTokenError extends CliError {
  constructor() {
    super(
      'Missing admin access token. Pass --token <token> or set PALLETLINE_TOKEN ' +
        '(an admin issues one with `palletline tokens create` or from the admin console).',
      USAGE_EXIT_CODE
    )
    this.name = 'MissingTokenError'
  }
}
