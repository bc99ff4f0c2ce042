// Spec 4, 5 and 9: sign-up, the profile save and the admin create forms wait 400 ms before
// their calls.
const SUBMIT_DELAY_MS = 400

export const submitDelay = () => new Promise<void>((done) => setTimeout(done, SUBMIT_DELAY_MS))
