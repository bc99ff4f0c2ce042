/** Spec 5 and 9: the admin create forms submit after a 400 ms delay. */
export const SUBMIT_DELAY_MS = 400

export const submitDelay = () => new Promise<void>((done) => setTimeout(done, SUBMIT_DELAY_MS))
