/**
 * The widget manifest: every tag a lesson may write, read from the `<Tag>.widget.json` file beside each
 * widget's code (engine/widgets/widget.schema.json says what one holds; docs/authoring.md, "Adding a
 * widget"). The MDX component map (./vite-plugin.ts), the content checker and the build's chunk groups
 * read it; none keeps a list of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import widgetSchema from '../../engine/widgets/widget.schema.json' with { type: 'json' };

/** How the content checker reads a prop (engine/widgets/widget.schema.json, `$defs.propKind`). */
export type PropKind = 'text' | 'list' | 'options' | 'two-options' | 'columns' | 'fields' | 'images' | 'step-labels' | 'language';

/** A prop holding an address shown in a frame, or (with `key`) a list of objects each holding one. */
export interface FramedProp {
  prop: string;
  key?: string;
}

/** The shape of the answer field a widget binds by `name`: a string, a list of rows, or an ordering. */
export type FieldShape = 'text' | 'rows' | 'order';

/**
 * How a facilitator sees what a binding widget asks (engine/widgets/widget.schema.json, `question`):
 * the kind of input, and where the lesson shows the prompt: a prop's text, the sentence the widget sits
 * in, or a table's caption, row headings and column headers; `options` names the prop of its choices.
 */
export interface QuestionSource {
  kind: 'free_text' | 'blank_choice' | 'table_cell' | 'ordering';
  prompt: { prop: string } | { sentence: string } | { table: true };
  options?: string;
}

/** One widget as its manifest declares it. */
export interface WidgetManifestEntry {
  /** The MDX tag, which is the manifest file's name: `FreeText.widget.json` declares `<FreeText>`. */
  tag: string;
  /** One sentence for authors. */
  description: string;
  /** The field shape it binds by `name`, or null. */
  binds: FieldShape | null;
  /** Required props by name, with how each is checked. */
  props: Readonly<Record<string, PropKind>>;
  /** Props a lesson may leave out, by name, with how each is checked when given; `{}` when the manifest declares none. */
  optionalProps: Readonly<Record<string, PropKind>>;
  /** `lesson`: with the lesson engine's code; `lazy`: a file of its own, fetched when first rendered. */
  loading: 'lesson' | 'lazy';
  /** Where it keeps addresses shown in a frame: a prop with one address, or a prop with a list of objects and each one's key. */
  frames: readonly FramedProp[];
  /** What it asks, for facilitators; present exactly when it binds a field. */
  question?: QuestionSource;
  /** The manifest file, relative to the repository, e.g. `engine/widgets/free-text/FreeText.widget.json`. */
  file: string;
  /** The widget's folder, relative to the repository, e.g. `engine/widgets/free-text`. */
  folder: string;
}

/** A manifest file that is not what engine/widgets/widget.schema.json asks for, or a tag declared twice. */
export class WidgetManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WidgetManifestError';
  }
}

/** Where a repository's widgets declare themselves: the engine's widgets, and the app's own lesson tags (PageNav). */
export const WIDGET_FOLDERS: readonly string[] = ['engine/widgets', 'src'];

const MANIFEST_FILE = /^([A-Z][A-Za-z0-9]*)\.widget\.json$/;
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(widgetSchema);

function manifestFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && MANIFEST_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Reads every `<Tag>.widget.json` under the given folders of a repository.
 *
 * @param root - the repository's folder
 * @param folders - folders under `root` to search, at any depth ({@link WIDGET_FOLDERS} by default)
 * @returns the entries, by tag in alphabetical order
 * @throws WidgetManifestError naming the file and every problem, or the two files declaring one tag
 */
export function readWidgetManifest(root: string, folders: readonly string[] = WIDGET_FOLDERS): WidgetManifestEntry[] {
  const entries = new Map<string, WidgetManifestEntry>();
  for (const path of folders.flatMap((folder) => manifestFiles(join(root, folder)))) {
    const file = relative(root, path);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new WidgetManifestError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!validate(data)) {
      const problems = (validate.errors ?? []).map((problem) => `${problem.instancePath || '(the file)'} ${problem.message ?? 'is wrong'}`);
      throw new WidgetManifestError(`${file} does not match engine/widgets/widget.schema.json: ${problems.join('; ')}`);
    }
    const tag = MANIFEST_FILE.exec(path.split(/[/\\]/).at(-1) ?? '')![1]!;
    const earlier = entries.get(tag);
    if (earlier) throw new WidgetManifestError(`<${tag}> is declared twice: ${earlier.file} and ${file}`);
    const {
      description,
      binds,
      props,
      optionalProps = {},
      loading,
      frames = [],
      question,
    } = data as Omit<WidgetManifestEntry, 'tag' | 'file' | 'folder' | 'frames' | 'optionalProps'> & { frames?: FramedProp[]; optionalProps?: Record<string, PropKind> };
    entries.set(tag, { tag, description, binds, props, optionalProps, loading, frames, ...(question ? { question } : {}), file, folder: relative(root, dirname(path)) });
  }
  return [...entries.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}
