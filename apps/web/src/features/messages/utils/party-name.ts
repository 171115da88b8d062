/** The other party's name as shown: a closed account has none. */
export const partyName = (username: string | null) => username ?? 'Raderat konto';
