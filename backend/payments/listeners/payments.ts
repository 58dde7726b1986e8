/* Listeners of the payments module. */
export {}
