/**
 * Server-side checking of a day's answers against `schemas/day-N.schema.json`, the same schema the
 * client renders from. Ajv's compiler runs here on the server, where the CSP does not apply (T3).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describeValidationError } from '../errors.ts';

/** The workbook's days (spec section 1, "The week at a glance": Day 1 to Day 5). */
export const FIRST_DAY = 1;
export const LAST_DAY = 5;

/** Checks a day's answers object. */
export interface AnswersValidator {
  /**
   * @param day - 1..5
   * @param answers - the answers object as received
   * @returns null when valid, else the first problem naming its path, e.g. `answers/fillBlanks/3 must be string`
   */
  check(day: number, answers: Record<string, unknown>): string | null;
  /** The days that have a schema file; the others accept any JSON object. */
  readonly daysWithSchema: readonly number[];
}

/** The file name of a day's answers schema inside SCHEMAS_DIR. */
export function schemaFileName(day: number): string {
  return `day-${day}.schema.json`;
}

/**
 * Reads and compiles `day-1.schema.json` … `day-5.schema.json` from `schemasDir` (Ajv 2020-12,
 * allErrors, not strict so `description` and `default` are fine). A day without a file accepts any
 * object until its schema is written. Nothing is filled in or removed: answers are stored as sent.
 *
 * @throws at start-up when a schema file is not valid JSON or not a valid schema, naming the file
 */
export function loadAnswersValidator(schemasDir: string): AnswersValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<number, ReturnType<typeof ajv.compile>>();
  for (let day = FIRST_DAY; day <= LAST_DAY; day += 1) {
    const path = join(schemasDir, schemaFileName(day));
    if (!existsSync(path)) continue;
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    try {
      validators.set(day, ajv.compile(schema as object));
    } catch (error) {
      throw new Error(`${path} is not a valid JSON Schema: ${(error as Error).message}`, { cause: error });
    }
  }
  return {
    daysWithSchema: [...validators.keys()],
    check(day, answers) {
      const validate = validators.get(day);
      if (validate === undefined || validate(answers)) return null;
      const issues = validate.errors ?? [];
      const first = describeValidationError('answers', issues);
      return issues.length > 1 ? `${first} (and ${issues.length - 1} more ${issues.length === 2 ? 'problem' : 'problems'})` : first;
    },
  };
}
