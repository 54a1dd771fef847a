/**
 * The people of a console test: staff accounts made as `npm run facilitator` makes them, and students
 * who sign up through the API with a Classroom Name, each signed in.
 */
import type { FastifyInstance } from 'fastify';
import { createPasswordHasher } from '../auth/passwords.ts';
import { createStaffAccount } from '../facilitator/accounts.ts';
import { bearer, FAST_PASSWORD_HASHING, type TestServer } from './harness.ts';

/** The password of every account these helpers make. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** An access and a refresh token. */
export interface Tokens {
  access: string;
  refresh: string;
}

/** Signs in through `POST /api/token/`; throws with the answer when it is not 200. */
export async function logIn(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<Tokens> {
  const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${username}: ${response.statusCode} ${response.body}`);
  return response.json<Tokens>();
}

/** Makes a facilitator or admin named "Ms <lastName>" and signs them in. */
export async function addStaff(server: TestServer, username: string, role: 'facilitator' | 'admin', lastName = 'Teacher'): Promise<Tokens> {
  const passwordHash = await createPasswordHasher(FAST_PASSWORD_HASHING).hash(TEST_PASSWORD);
  const result = await createStaffAccount(server.database.database.db, { username, passwordHash, firstName: 'Ms', lastName, role });
  if (!result.ok) throw new Error(result.error);
  return logIn(server.app, username);
}

/** Signs up a student "<firstName> Student" with a Classroom Name (null: none), and returns their tokens and id. */
export async function signUpStudent(app: FastifyInstance, username: string, classroom: string | null, firstName = username): Promise<Tokens & { id: number }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/student/signup/',
    payload: { username, password: TEST_PASSWORD, first_name: firstName, last_name: 'Student', classroom_name: classroom },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up of ${username}: ${response.body}`);
  const tokens = response.json<Tokens>();
  const profile = await app.inject({ url: '/api/student/profile/', headers: bearer(tokens.access) });
  return { ...tokens, id: profile.json<{ id: number }>().id };
}
