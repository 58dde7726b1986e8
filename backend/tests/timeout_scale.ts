/**
 * How much longer than its own limit a test, or a browser step, may wait on this machine
 * (docs/decisions/0256): TEST_TIMEOUT_SCALE, 1 when unset. CI sets it for its shared machine.
 */
export function timeoutScale(): number {
  const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1)
  return Number.isFinite(scale) && scale >= 1 ? scale : 1
}
