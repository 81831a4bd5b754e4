import type { Knex } from 'knex';

/** Ends every stored session of the user (after a password change or reset): they must log in again. */
export const endSessionsOf = async (db: Knex, userId: string): Promise<void> => {
  await db.raw(`delete from sessions where sess->>'userId' = ?`, [userId]);
};
