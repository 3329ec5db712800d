import ts from "typescript";
import { OUTBOX_STATUSES, RING_STATUSES, WISH_STATUSES } from "../../app/domain/statuses";

/**
 * Finds a stored status (a wish's, a ring's, a mail's) spelled as a literal instead of through app/domain/statuses.ts.
 * Other vocabularies share the words (IBM's job states, a newsletter answer's "pending", a tile's "failed"), so the
 * TypeScript checker decides: a literal counts when it is compared with, assigned to or listed as a value whose type
 * is one of the stored vocabularies, or compared with an untyped `.status`. Raw SQL is read as text: a quoted word
 * after `status =`, `status !=` or `status IN (`.
 */
const VOCABULARIES = [WISH_STATUSES, RING_STATUSES, OUTBOX_STATUSES].map((statuses) => [...statuses].sort().join());
const WORDS = new Set<string>([...WISH_STATUSES, ...RING_STATUSES, ...OUTBOX_STATUSES]);
const SQL_LITERAL = /\bstatus\s*(?:=|!=|<>)\s*'[a-z_]+'|\bstatus\s+(?:NOT\s+)?IN\s*\(\s*'[a-z_]+'/i;
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const DRIZZLE_COMPARISONS = new Set(["eq", "ne", "inArray", "notInArray"]);

export interface StatusLiteral {
  file: string;
  line: number;
  text: string;
}

/** The stored vocabulary a type is, when it is exactly one of them. */
function isVocabulary(type: ts.Type | undefined): boolean {
  if (!type) return false;
  const members = type.isUnion() ? type.types : [type];
  const words = [...new Set(members.filter((member) => member.isStringLiteral()).map((member) => (member as ts.StringLiteralType).value))];
  return VOCABULARIES.includes(words.sort().join());
}

const isStatusAccess = (node: ts.Node): node is ts.PropertyAccessExpression => ts.isPropertyAccessExpression(node) && node.name.text === "status";

/** The declared type of `x.status` (not the type narrowed by an earlier comparison on the same line). */
function declaredType(checker: ts.TypeChecker, access: ts.PropertyAccessExpression): ts.Type | undefined {
  const symbol = checker.getSymbolAtLocation(access.name);
  return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
}

function isUntyped(type: ts.Type | undefined): boolean {
  return !!type && (type.flags & (ts.TypeFlags.String | ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0;
}

function spelledStatus(checker: ts.TypeChecker, literal: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  let parent = literal.parent;
  if (ts.isBinaryExpression(parent) && EQUALITY.has(parent.operatorToken.kind)) {
    const other = parent.left === literal ? parent.right : parent.left;
    if (!isStatusAccess(other)) return false;
    const type = declaredType(checker, other);
    return isVocabulary(type) || isUntyped(type);
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === literal) {
    return ts.isIdentifier(parent.name) && parent.name.text === "status" && isVocabulary(checker.getContextualType(literal));
  }
  if (ts.isArrayLiteralExpression(parent)) {
    if (isVocabulary(checker.getContextualType(literal))) return true;
    parent = parent.parent;
  }
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && DRIZZLE_COMPARISONS.has(parent.expression.text)) {
    return parent.arguments.length > 1 && isStatusAccess(parent.arguments[0]);
  }
  if (ts.isCaseClause(parent) && ts.isSwitchStatement(parent.parent.parent)) {
    return isStatusAccess(parent.parent.parent.expression);
  }
  return false;
}

/** Every stored status spelled outside `exempt` in `files` (absolute paths); `extra` adds in-memory files. */
export function statusLiterals(files: string[], options: ts.CompilerOptions, extra: Record<string, string> = {}): StatusLiteral[] {
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => extra[name] ?? readFile(name);
  host.fileExists = (name) => name in extra || fileExists(name);
  const roots = [...files, ...Object.keys(extra)];
  const program = ts.createProgram(roots, options, host);
  const checker = program.getTypeChecker();
  const found: StatusLiteral[] = [];
  for (const source of program.getSourceFiles()) {
    if (!roots.includes(source.fileName)) continue;
    const report = (node: ts.Node, text: string) =>
      found.push({ file: source.fileName, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (WORDS.has(node.text) && spelledStatus(checker, node)) report(node, node.text);
        else if (SQL_LITERAL.test(node.text)) report(node, node.text.match(SQL_LITERAL)![0]);
      } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        if (SQL_LITERAL.test(node.text)) report(node, node.text.match(SQL_LITERAL)![0]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
