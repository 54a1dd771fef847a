import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOIN_LINK_LIMITS } from '../auth/abuse-limits.ts';
import { users } from '../db/schema.ts';
import { JOIN_CODE_ALPHABET, normalJoinCode } from '../facilitator/join-codes.ts';
import { addStaff, signUpStudent, type Tokens } from '../test/console-people.ts';
import { bearer, DATABASE_KINDS, useTestApp } from '../test/harness.ts';

// Class join links (docs/decisions/024-class-join-links.md): a facilitator opens one, a student signs up
// or joins through it and is on the class's roster, a closed or unknown code makes nothing.

describe('join codes', () => {
  it('reads a code typed in any case, with spaces or a dash, and refuses look-alikes and other lengths', () => {
    expect(normalJoinCode(' k7q-x2m ')).toBe('K7QX2M');
    expect(normalJoinCode('K7QX2')).toBeNull();
    expect(normalJoinCode('K7QX2O')).toBeNull();
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });
});

describe.each(DATABASE_KINDS)('class join links (%s)', (kind) => {
  const server = useTestApp(kind);
  let rivera: Tokens;
  let okafor: Tokens;
  let classId: number;
  let code: string;

  const signUpThrough = (joinCode: string, username: string, ip = '203.0.113.9') =>
    server.app.inject({
      method: 'POST',
      url: '/api/student/signup/',
      remoteAddress: ip,
      payload: { username, password: 'correct horse battery staple', first_name: 'Ana', last_name: 'Ruiz', join_code: joinCode },
    });
  const roster = async () =>
    (await server.app.inject({ url: `/api/facilitator/classes/${classId}/progress/`, headers: bearer(rivera.access) })).json<{ students: { username: string }[] }>().students.map(({ username }) => username);
  const userCount = async () => (await server.database.database.db.select({ id: users.id }).from(users)).length;

  beforeAll(async () => {
    rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    okafor = await addStaff(server, 'okafor', 'facilitator', 'Okafor');
    classId = (await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } })).json<{ id: number }>().id;
  });

  it('opens a link with a 6-character code that the class list shows, for its facilitators only', async () => {
    const listed = async () => (await server.app.inject({ url: '/api/facilitator/classes/', headers: bearer(rivera.access) })).json<{ results: { join_code: string | null }[] }>().results[0]!.join_code;
    expect(await listed()).toBeNull();
    const opened = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) });
    expect(opened.statusCode).toBe(200);
    code = opened.json<{ join_code: string }>().join_code;
    expect(code).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{6}$`));
    expect(await listed()).toBe(code);
    const details = await server.app.inject({ url: `/api/facilitator/classes/${classId}/join-link/`, headers: { ...bearer(rivera.access), host: 'helix.school.org' } });
    expect(details.json()).toEqual({ join_code: code, url: `http://helix.school.org/join/${code}`, qr_svg: expect.stringMatching(/^<svg [^>]*viewBox="0 0 \d+ \d+"[\s\S]*<path [\s\S]*<\/svg>\s*$/) });
    // Another class's facilitator cannot open it: the class does not exist for them.
    const other = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(okafor.access) });
    expect(other.statusCode).toBe(404);
  });

  it('names the class for the join page, to anyone, and says clearly when a code is unknown', async () => {
    const found = await server.app.inject({ url: `/api/join/${code.toLowerCase()}/` });
    expect(found.json()).toEqual({ class_name: 'Bio 10A' });
    const unknown = await server.app.inject({ url: '/api/join/ZZZZZZ/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'join_code_unknown', detail: expect.stringContaining('Ask your teacher') });
  });

  it('signs a student up into the class: they are on its roster with its name as their Classroom Name', async () => {
    const response = await signUpThrough(code, 'joiner');
    expect(response.statusCode).toBe(201);
    const profile = await server.app.inject({ url: '/api/student/profile/', headers: bearer(response.json<{ access: string }>().access) });
    expect(profile.json()).toMatchObject({ username: 'joiner', classroom_name: 'Bio 10A' });
    expect(await roster()).toContain('joiner');
  });

  it('puts a signed-in student in the class, and refuses a facilitator', async () => {
    const ben = await signUpStudent(server.app, 'ben', 'Chemistry 9', 'Ben');
    const joined = await server.app.inject({ method: 'POST', url: `/api/join/${code}/`, headers: bearer(ben.access) });
    expect(joined.json()).toEqual({ class_name: 'Bio 10A' });
    expect(await roster()).toContain('ben');
    const staff = await server.app.inject({ method: 'POST', url: `/api/join/${code}/`, headers: bearer(okafor.access) });
    expect(staff.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: `/api/join/${code}/` })).statusCode).toBe(401);
  });

  it('makes nothing through a closed, replaced or unknown code', async () => {
    const before = await userCount();
    const oldCode = code;
    code = (await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) })).json<{ join_code: string }>().join_code;
    expect(code).not.toBe(oldCode);
    for (const refused of [oldCode, 'ZZZZZZ', 'not a code']) {
      const response = await signUpThrough(refused, `nobody-${refused.length}-${refused.slice(0, 2)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('join_code_unknown');
    }
    expect((await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) })).statusCode).toBe(204);
    expect((await signUpThrough(code, 'after-close')).statusCode).toBe(404);
    const [joiner] = await server.database.database.db.select({ classroomName: users.classroomName }).from(users).where(eq(users.username, 'joiner'));
    expect(joiner?.classroomName).toBe('Bio 10A');
    expect(await userCount()).toBe(before);
  });

  it('lets five classes of 30 sign up from one school address within minutes, and stops a script with one code', async () => {
    const codes: string[] = [];
    for (const name of ['Bio A', 'Bio B', 'Bio C', 'Bio D', 'Bio E']) {
      const created = (await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name } })).json<{ id: number }>();
      codes.push((await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${created.id}/join-link/`, headers: bearer(rivera.access) })).json<{ join_code: string }>().join_code);
    }
    const school = '198.51.100.7';
    const statuses: number[] = [];
    for (const [index, each] of codes.entries()) for (let student = 0; student < 30; student += 1) statuses.push((await signUpThrough(each, `s${index}-${student}`, school)).statusCode);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    // The 16th to 45th through the first code still get in (its burst is a class and its typos); then 429.
    const script: number[] = [];
    for (let attempt = 0; attempt < JOIN_LINK_LIMITS.perCodeBurst - 30 + 5; attempt += 1) script.push((await signUpThrough(codes[0]!, `bot-${attempt}`, school)).statusCode);
    expect(script.slice(0, JOIN_LINK_LIMITS.perCodeBurst - 30).every((status) => status === 201)).toBe(true);
    expect(script.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  }, 120_000);
});
