import { createInterface } from 'node:readline/promises';
import { UserService } from '../../auth/user.service';
import { loadConfig } from '../../platform/config';
import { migrate } from '../migrate';
import { openDatabase } from '../../platform/db/open';

// Usage: npm run create-superuser -- <username>   (password from SUPERUSER_PASSWORD or a prompt)
const username = process.argv[2];
if (!username) {
  console.error('usage: npm run create-superuser -- <username>');
  process.exit(2);
}
const password =
  process.env.SUPERUSER_PASSWORD ??
  (await (async () => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(`Password for ${username}: `);
    rl.close();
    return answer;
  })());
const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  await new UserService(db).ensureSuperuser(username, password);
  console.log(`Superuser "${username}" is ready.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
