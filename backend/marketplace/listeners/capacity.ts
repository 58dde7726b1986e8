/* Listeners of marketplace events. */
export {}
