/** The terminal streams the Ink helpers draw on; tests pass fakes. */
export interface OutputStream {
  write(chunk: string): unknown
  isTTY?: boolean
  columns?: number
}

export interface InputStream {
  isTTY?: boolean
}

export interface UiStreams {
  stdout: OutputStream
  stdin: InputStream
}

export function defaultStreams(): UiStreams {
  return { stdout: process.stdout, stdin: process.stdin }
}

/** Ink's live renderer wants Node's stream types; our fakes implement the part it uses. */
export function inkStreams(io: UiStreams): {
  stdout: NodeJS.WriteStream
  stdin: NodeJS.ReadStream
} {
  return { stdout: io.stdout as NodeJS.WriteStream, stdin: io.stdin as NodeJS.ReadStream }
}
