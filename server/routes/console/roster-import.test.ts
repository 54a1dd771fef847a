import { describe, expect, it } from 'vitest';
import { beforeAll } from 'vitest';
import { users } from '../../db/schema.ts';
import { readRoster } from '../../facilitator/roster-import.ts';
import { addStaff, logIn, signUpStudent, type Tokens } from '../../test/console-people.ts';
import { bearer, DATABASE_KINDS, useTestApp } from '../../test/harness.ts';

// A roster in one paste (docs/decisions/024-class-join-links.md): every row checked first, nothing made
// when one is wrong, then every account in the class with a one-time password.

describe('readRoster', () => {
  it('reads a header or none, commas, semicolons or tabs, and makes a username from an email', () => {
    const withHeader = readRoster('First name,Last name,Username\nAna,Ruiz,ana.r\n"Ben, Jr",Okafor,ben\n');
    expect(withHeader.problems).toEqual([]);
    expect(withHeader.students.map(({ row, firstName, username }) => [row, firstName, username])).toEqual([
      [2, 'Ana', 'ana.r'],
      [3, 'Ben, Jr', 'ben'],
    ]);
    expect(readRoster('Ana;Ruiz;Ana.Ruiz@school.org').students[0]).toMatchObject({ username: 'ana.ruiz', fromEmail: true });
    expect(readRoster('Ana\tRuiz\tanar').students[0]).toMatchObject({ lastName: 'Ruiz', username: 'anar' });
  });

  it('names each wrong row by its line in the paste', () => {
    const { problems } = readRoster('Ana,Ruiz,ana\n\nBen,,ben\nCai,Lee,not@an\nDee,Moss,ana\nEve,Nash');
    expect(problems).toEqual([
      { row: 3, problem: 'the last name is empty.' },
      { row: 4, problem: '"not@an" is not an email address.' },
      { row: 5, problem: 'the username "ana" is also on row 1.' },
      { row: 6, problem: 'expected 3 columns (first name, last name, username or email), found 2.' },
    ]);
  });
});

describe.each(DATABASE_KINDS)('pasting a roster (%s)', (kind) => {
  const server = useTestApp(kind);
  let rivera: Tokens;
  let classId: number;
  const paste = (csv: string) => server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/roster/`, headers: bearer(rivera.access), payload: { csv } });
  const accounts = async () => (await server.database.database.db.select({ id: users.id }).from(users)).length;
  const thirty = Array.from({ length: 30 }, (_, index) => `Student${index + 1},Lovelace,s${index + 1}@school.org`);

  beforeAll(async () => {
    rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    classId = (await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } })).json<{ id: number }>().id;
    await signUpStudent(server.app, 'taken', null);
  });

  it('makes nothing from a roster of 30 with one wrong row, and names it', async () => {
    const before = await accounts();
    const rows = [...thirty];
    rows[16] = 'Student17,,s17@school.org';
    const response = await paste(['First name,Last name,Email', ...rows].join('\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'roster_invalid', detail: 'No account was made. Row 18: the last name is empty.', rows: [{ row: 18, problem: 'the last name is empty.' }] });
    expect(await accounts()).toBe(before);
    // A username an account has already is a wrong row too.
    const taken = await paste('Ana,Ruiz,TAKEN');
    expect(taken.json()).toMatchObject({ code: 'roster_invalid', rows: [{ row: 1, problem: 'the username "TAKEN" is taken.' }] });
    expect(await accounts()).toBe(before);
  });

  it('makes the 30 corrected, in the class, each signing in once with a one-time password that must be changed', async () => {
    const response = await paste(['First name,Last name,Email', ...thirty, 'Sam,Lovelace,s1@other.org'].join('\n'));
    expect(response.statusCode).toBe(201);
    const { students } = response.json<{ students: { first_name: string; username: string; password: string }[] }>();
    expect(students).toHaveLength(31);
    // Two emails with one local part: the second name is made unique.
    expect(students.map(({ username }) => username).slice(-1)).toEqual(['s1-2']);
    expect(new Set(students.map(({ username }) => username)).size).toBe(31);
    const progress = (await server.app.inject({ url: `/api/facilitator/classes/${classId}/progress/`, headers: bearer(rivera.access) })).json<{ students: { username: string }[] }>();
    expect(progress.students).toHaveLength(31);

    const first = students[0]!;
    const tokens = await logIn(server.app, first.username, first.password);
    const profile = () => server.app.inject({ url: '/api/student/profile/', headers: bearer(tokens.access) });
    expect((await profile()).json()).toMatchObject({ classroom_name: 'Bio 10A', password_change_required: true });
    const changed = await server.app.inject({ method: 'POST', url: '/api/account/password/', headers: bearer(tokens.access), payload: { current_password: first.password, new_password: 'my own long password' } });
    expect(changed.statusCode).toBe(204);
    expect((await profile()).json()).toMatchObject({ password_change_required: false });
  }, 60_000);
});
