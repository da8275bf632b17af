/** The signed-in customer's Change Password form: the auth page in its change mode. */
export const CHANGE_PASSWORD_HREF = '/auth?mode=change'
