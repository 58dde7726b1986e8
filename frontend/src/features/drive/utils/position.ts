export type Position = { lat: number; lng: number; accuracyM: number }

/**
 * Where the phone is, when the driver allows it (Geolocation API): null when it is denied,
 * unavailable or slow. A step never waits longer than `timeoutMs` for it.
 */
export function currentPosition(timeoutMs = 5000): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve(null)
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500)
    navigator.geolocation.getCurrentPosition(
      (found) => {
        clearTimeout(timer)
        resolve({
          lat: Number(found.coords.latitude.toFixed(6)),
          lng: Number(found.coords.longitude.toFixed(6)),
          accuracyM: Math.round(found.coords.accuracy),
        })
      },
      () => {
        clearTimeout(timer)
        resolve(null)
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 }
    )
  })
}
