import type { Expression, Node as EstreeNode, Program } from 'estree';

/** What {@link literalValue} gives: the value, or why the expression is not a plain literal. */
export type LiteralResult = { ok: true; value: unknown } | { ok: false };

const NOT_LITERAL: LiteralResult = { ok: false };

/**
 * The value of an MDX attribute expression when it is a plain JavaScript literal (the content checker
 * reads props such as `options={["DNA", "protein"]}` without running lesson code).
 *
 * Accepted: strings, numbers, booleans and `null`; template strings without `${}`; a leading `-` or
 * `+` on a number; arrays and objects made of those (object keys written as names or strings, no
 * computed keys, methods or spreads). Anything else (a variable, a call, an arrow function) is not a
 * literal. Nothing is evaluated with `eval`: the estree that `remark-mdx` attaches is walked.
 *
 * @param program - `attribute.value.data.estree` of an `mdxJsxAttributeValueExpression`
 * @returns `{ ok: true, value }`, or `{ ok: false }` when the expression is not a plain literal
 * @example literalValue(estreeOf('{["DNA", "protein"]}')) // { ok: true, value: ["DNA", "protein"] }
 */
export function literalValue(program: Program | null | undefined): LiteralResult {
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  if (statement?.type !== 'ExpressionStatement') return NOT_LITERAL;
  return literalOf(statement.expression);
}

function literalOf(node: Expression | EstreeNode): LiteralResult {
  switch (node.type) {
    case 'Literal': {
      const { value } = node;
      const plain = value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      return plain && !('regex' in node) && !('bigint' in node) ? { ok: true, value } : NOT_LITERAL;
    }
    case 'TemplateLiteral':
      return node.expressions.length === 0 && node.quasis.length === 1 ? { ok: true, value: node.quasis[0]?.value.cooked ?? '' } : NOT_LITERAL;
    case 'UnaryExpression': {
      if (node.operator !== '-' && node.operator !== '+') return NOT_LITERAL;
      const argument = literalOf(node.argument);
      if (!argument.ok || typeof argument.value !== 'number') return NOT_LITERAL;
      return { ok: true, value: node.operator === '-' ? -argument.value : argument.value };
    }
    case 'ArrayExpression': {
      const items: unknown[] = [];
      for (const element of node.elements) {
        if (element === null || element.type === 'SpreadElement') return NOT_LITERAL;
        const item = literalOf(element);
        if (!item.ok) return NOT_LITERAL;
        items.push(item.value);
      }
      return { ok: true, value: items };
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.computed || property.method) return NOT_LITERAL;
        const { key } = property;
        const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
        if (name === undefined) return NOT_LITERAL;
        const value = literalOf(property.value);
        if (!value.ok) return NOT_LITERAL;
        object[name] = value.value;
      }
      return { ok: true, value: object };
    }
    default:
      return NOT_LITERAL;
  }
}
