/**
 * Every error a visitor can be answered with is a message of the catalogues, in every language (docs/api.md#errors):
 * errors travel as AppErrors (a code, a message id, its values) and are rendered once, at the edge. This walks every
 * place the code makes one, every schema the API and the page forms parse with, and every answer written by hand.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { COMMON_ERRORS } from "~/domain/contract/endpoint";
import { API } from "~/domain/contract/api";
import { contactSchema, newsletterSchema } from "~/domain/contact";
import { defaultErrorCode, ERROR_CODE, type ErrorCode } from "~/domain/error-codes";
import { LOCALES } from "~/domain/locale";
import * as messages from "~/domain/messages";
import { firstIssue } from "~/domain/wish";
import { messageArguments } from "~/i18n/catalogue-check";
import { CATALOGUES } from "~/i18n/catalogues.server";
import { sourceFiles } from "../../scripts/lib/citations.mjs";

const root = resolve(import.meta.dirname, "../..");

/** Operator-only modules: the admin speaks English only, and its sentences are in no visitor catalogue. */
const ENGLISH_ONLY = /^app\/(server\/admin\/|routes\/admin[.\w]*\.tsx?$)/;

/**
 * Where an error's message id is passed through rather than chosen, and where each is proven instead: the
 * constructor and the pass-through of the ApiError itself, the first issue of a schema (the schema walk below), and a
 * moderation verdict (the `ok: false` results collected below).
 */
const PASSED_THROUGH: Record<string, string[]> = {
  "app/server/edge/http.server.ts": ["message", "id"],
  "app/server/edge/request.server.ts": ["error"],
  "app/server/wishes/wishes.server.ts": ["verdict.error"],
};

interface ErrorSite {
  where: string;
  /** The message id, or null when it cannot be known from the code (a template, a call). */
  id: string | null;
  expression: string;
  /** The placeholders the site gives values for, or null when they are not written as an object literal. */
  values: string[] | null;
  codes: ErrorCode[];
}

const sentences = messages as unknown as Record<string, unknown>;

function parse(file: string, text: string) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const MESSAGES_MODULE = new Set(["~/domain/messages", "./messages"]);

/** A string a module names: a literal, a sentence of app/domain/messages.ts, or a string constant of its own. */
function stringOf(node: ts.Expression, source: ts.SourceFile): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (!ts.isIdentifier(node)) return null;
  let found: string | null = null;
  const visit = (each: ts.Node) => {
    if (ts.isImportSpecifier(each) && each.name.text === node.text) {
      const from = (each.parent.parent.parent as ts.ImportDeclaration).moduleSpecifier;
      const imported = (each.propertyName ?? each.name).text;
      if (ts.isStringLiteral(from) && MESSAGES_MODULE.has(from.text) && typeof sentences[imported] === "string") found = sentences[imported];
    }
    if (ts.isVariableDeclaration(each) && ts.isIdentifier(each.name) && each.name.text === node.text && each.initializer) {
      if (ts.isStringLiteralLike(each.initializer)) found = each.initializer.text;
    }
    ts.forEachChild(each, visit);
  };
  visit(source);
  return found;
}

function property(details: ts.Expression | undefined, name: string): ts.ObjectLiteralElementLike | undefined {
  if (!details || !ts.isObjectLiteralExpression(details)) return undefined;
  return details.properties.find((each) => each.name && ts.isIdentifier(each.name) && each.name.text === name);
}

/** The codes a site can answer with: the one it names, else its status's own (with and without a field at fault). */
function codesOf(status: ts.Expression, details: ts.Expression | undefined): ErrorCode[] {
  const code = property(details, "code");
  if (code && ts.isPropertyAssignment(code) && ts.isPropertyAccessExpression(code.initializer)) {
    const named = ERROR_CODE[code.initializer.name.text as keyof typeof ERROR_CODE];
    return named ? [named] : [];
  }
  if (!ts.isNumericLiteral(status)) return [];
  const field = property(details, "field");
  const fieldIsSure = field && ts.isPropertyAssignment(field) && ts.isStringLiteralLike(field.initializer);
  const codes = [defaultErrorCode(Number(status.text), fieldIsSure ? "field" : undefined)];
  if (field && !fieldIsSure) codes.push(defaultErrorCode(Number(status.text), "field"));
  return codes;
}

/** Every `new ApiError(status, id, details)` and `appError(status, id, details)` in a module. */
export function errorSites(file: string, text: string): ErrorSite[] {
  const source = parse(file, text);
  const sites: ErrorSite[] = [];
  const visit = (node: ts.Node) => {
    const isApiError = ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "ApiError";
    const isAppError = ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "appError";
    if ((isApiError || isAppError) && node.arguments && node.arguments.length >= 2) {
      const [status, chosen, details] = node.arguments;
      const values = property(details, "values");
      // `a ? X : Y` is two sites, one a branch.
      const ids = ts.isConditionalExpression(chosen) ? [chosen.whenTrue, chosen.whenFalse] : [chosen];
      for (const id of ids) sites.push({
        where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        id: stringOf(id, source),
        expression: id.getText(source),
        values:
          values && ts.isPropertyAssignment(values) && ts.isObjectLiteralExpression(values.initializer)
            ? values.initializer.properties.map((each) => each.name!.getText(source)).sort()
            : values
              ? null
              : [],
        codes: codesOf(status, details),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** Every `{ ok: false, error: … }` a module returns: a rule's refusal that a server module throws on. */
export function refusals(file: string, text: string): { where: string; id: string | null; expression: string }[] {
  const source = parse(file, text);
  const found: { where: string; id: string | null; expression: string }[] = [];
  const visit = (node: ts.Node) => {
    const ok = ts.isObjectLiteralExpression(node) ? property(node, "ok") : undefined;
    const error = ts.isObjectLiteralExpression(node) ? property(node, "error") : undefined;
    if (ok && ts.isPropertyAssignment(ok) && ok.initializer.kind === ts.SyntaxKind.FalseKeyword && error && ts.isPropertyAssignment(error)) {
      found.push({
        where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        id: stringOf(error.initializer, source),
        expression: error.initializer.getText(source),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A sentence-like literal: two words or more. */
const SENTENCE = /\p{L}+\s+\p{L}+/u;

/**
 * Every answer written by hand with a sentence in it: `new Response("…")`, and `Response.json`, `data` or `json` with
 * an `error` or `message` literal. Such a sentence would reach the visitor in English whatever their language.
 */
export function handWrittenSentences(file: string, text: string): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) && SENTENCE.test(node.getText(source)) ? node.getText(source) : null;
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Response") {
      const body = literal(node.arguments?.[0]);
      if (body) found.push(body);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const [body] = node.arguments;
      if (["Response.json", "data", "json"].includes(callee) && body && ts.isObjectLiteralExpression(body)) {
        for (const name of ["error", "message"]) {
          const each = property(body, name);
          const text = each && ts.isPropertyAssignment(each) ? literal(each.initializer) : null;
          if (text) found.push(text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const modules = sourceFiles(root, ["app", "workers"])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".css.ts"))
  .map((file) => ({ file, text: readFileSync(join(root, file), "utf8") }));

/** What is wrong with one message id against every catalogue, given the placeholders its site fills. */
function catalogueProblems(id: string, values: string[] | null): string[] {
  const problems = LOCALES.filter((locale) => !Object.hasOwn(CATALOGUES[locale], id)).map((locale) => `not in ${locale}.json`);
  if (problems.length === 0 && values !== null) {
    const wanted = messageArguments(id);
    if (wanted.join(",") !== values.join(",")) problems.push(`takes {${wanted.join("}, {")}} but is given {${values.join("}, {")}}`);
  }
  return problems;
}

describe("the walk finds what it is about", () => {
  it("reads a site's message id, its values and its codes, and a refusal's id", () => {
    const planted = [
      'import { WISH_NOT_FOUND, RING_COOLDOWN } from "~/domain/messages";',
      'const OWN = "A sentence of its own.";',
      "throw new ApiError(404, WISH_NOT_FOUND);",
      "appError(429, RING_COOLDOWN, { values: { seconds }, code: ERROR_CODE.cooldown });",
      "throw new ApiError(400, OWN, { field });",
      "throw new ApiError(405, `This address only answers ${allowed} requests.`);",
      'return { ok: false, error: "Nope, not that." };',
      "throw new ApiError(429, many ? SUBMIT_DAILY_LIMIT : OWN);",
    ].join("\n");
    expect(errorSites("planted.ts", planted).map(({ id, values, codes }) => ({ id, values, codes }))).toEqual([
      { id: messages.WISH_NOT_FOUND, values: [], codes: ["not_found"] },
      { id: messages.RING_COOLDOWN, values: ["seconds"], codes: ["cooldown"] },
      { id: "A sentence of its own.", values: [], codes: ["invalid_request", "invalid_field"] },
      { id: null, values: [], codes: ["method_not_allowed"] },
      { id: null, values: [], codes: ["rate_limited"] },
      { id: "A sentence of its own.", values: [], codes: ["rate_limited"] },
    ]);
    expect(refusals("planted.ts", planted).map(({ id }) => id)).toEqual(["Nope, not that."]);
    expect(catalogueProblems("A sentence of its own.", [])).toContain("not in en.json");
    expect(catalogueProblems(messages.RING_COOLDOWN, [])).toEqual(["takes {seconds} but is given {}"]);
  });

  it("finds a sentence written into an answer by hand, and not a message id or an empty body", () => {
    const planted = [
      'throw new Response("This form only accepts posts from this site.", { status: 403 });',
      'return Response.json({ success: false, error: "Too many requests, slow down." }, { status: 429 });',
      'return data({ ok: false, message: `Ring ${id} is gone.` });',
      "throw new Response(FOR_NOT_FOUND, { status: 404 });",
      'return new Response(null, { status: 404 });',
      'return new Response("ok");',
    ].join("\n");
    expect(handWrittenSentences("planted.ts", planted)).toEqual([
      '"This form only accepts posts from this site."',
      '"Too many requests, slow down."',
      "`Ring ${id} is gone.`",
    ]);
  });
});

describe("every error a visitor can be answered with is in every catalogue", () => {
  const sites = modules.flatMap(({ file, text }) => errorSites(file, text).map((site) => ({ ...site, file })));

  it("finds the errors it walks (the 405, the cooldown, the ApiErrors of the server modules)", () => {
    const ids = new Set(sites.map((site) => site.id));
    for (const id of [messages.METHOD_NOT_ALLOWED, messages.RING_COOLDOWN, messages.FORM_CROSS_SITE, messages.WISH_NOT_FOUND, messages.REQUEST_TOO_LARGE]) {
      expect(ids, id).toContain(id);
    }
    expect(sites.length).toBeGreaterThan(40);
  });

  it("each ApiError and AppError names a message of every catalogue, with the values it takes", () => {
    const problems = sites
      .filter((site) => !ENGLISH_ONLY.test(site.file))
      .flatMap((site) => {
        if (site.id === null) {
          return PASSED_THROUGH[site.file]?.includes(site.expression) ? [] : [`${site.where}: ${site.expression} is not a message id`];
        }
        return catalogueProblems(site.id, site.values).map((problem) => `${site.where}: ${JSON.stringify(site.id)} ${problem}`);
      });
    expect(problems).toEqual([]);
  });

  it("each rule's refusal ({ ok: false, error }) names a message of every catalogue", () => {
    const found = modules.flatMap(({ file, text }) => refusals(file, text));
    expect(found.some((each) => each.id === messages.MODERATION_LINK)).toBe(true);
    const problems = found
      .filter((each) => each.id !== null)
      .flatMap((each) => catalogueProblems(each.id!, null).map((problem) => `${each.where}: ${JSON.stringify(each.id)} ${problem}`));
    expect(problems).toEqual([]);
  });

  it("every code the contract declares is answered by at least one site with a catalogued message", () => {
    const declared = new Set<ErrorCode>([...COMMON_ERRORS, ...Object.values(API).flatMap((endpoint) => endpoint.errors)]);
    const answered = new Set(sites.filter((site) => site.id !== null && !ENGLISH_ONLY.test(site.file)).flatMap((site) => site.codes));
    expect([...declared].filter((code) => !answered.has(code))).toEqual([]);
  });
});

/** Values a JSON body (or, as strings, a query) can carry that no schema of ours accepts everywhere. */
const HOSTILE: unknown[] = [null, true, 0, -1, 1e12, 3.5, "", " ", "x", "not a number", "-999", "9".repeat(40), "x".repeat(6000), [], [1], [null], ["x".repeat(600)], Array.from({ length: 12 }, (_, i) => `id-${i}`), {}, { a: 1 }];

function fieldsOf(schema: z.ZodType): string[] {
  let current = schema as unknown as { _zod: { def: Record<string, unknown> } };
  for (let depth = 0; depth < 10; depth += 1) {
    const def = current._zod.def;
    if (def.type === "object") return Object.keys(def.shape as object);
    if (def.type === "lazy") current = (def.getter as () => typeof current)();
    else if (def.type === "pipe") current = def.in as typeof current;
    else if (def.innerType) current = def.innerType as typeof current;
    else return [];
  }
  return [];
}

/**
 * Every issue message a schema answers a set of hostile inputs with: each field alone, all at once, whole bodies. A
 * query or a form (`asStrings`) only ever carries an object of strings.
 */
function issueMessages(schema: z.ZodType, asStrings: boolean): Set<string> {
  const values = asStrings ? HOSTILE.filter((value) => typeof value === "string") : HOSTILE;
  const fields = fieldsOf(schema);
  const inputs: unknown[] = asStrings ? [{}] : [null, [], "x", 1, true, {}];
  for (const value of values) {
    inputs.push(Object.fromEntries(fields.map((field) => [field, value])));
    for (const field of fields) inputs.push({ [field]: value });
  }
  const found = new Set<string>();
  for (const input of inputs) {
    const result = schema.safeParse(input);
    if (result.success) continue;
    found.add(firstIssue(result.error).error);
    for (const issue of result.error.issues) found.add(issue.message);
  }
  return found;
}

describe("every sentence a schema answers bad input with is in every catalogue", () => {
  const schemas: [string, z.ZodType, boolean][] = [
    ...Object.entries(API)
      .filter(([, endpoint]) => endpoint.inputIn !== "none")
      .map(([name, endpoint]): [string, z.ZodType, boolean] => [`API.${name}`, endpoint.input, endpoint.inputIn === "query"]),
    // Their actions parse the form's string fields, never a JSON body.
    ["the contact form", contactSchema, true],
    ["the newsletter form", newsletterSchema, true],
  ];

  it("the walk reaches each field's own sentence", () => {
    const wish = issueMessages(API.submitWish.input, false);
    for (const id of [messages.WISH_TOO_LONG, messages.WISH_NOT_TEXT, messages.FINGERPRINT_INVALID, messages.LATITUDE_INVALID, messages.EMAIL_INVALID]) expect(wish, id).toContain(id);
    expect(issueMessages(API.ring.input, false)).toContain(messages.RING_TOO_MANY_WISHES);
    expect(issueMessages(API.reverseGeocode.input, true)).toContain(messages.LAT_SENTENCE);
  });

  it.each(schemas)("%s", (_name, schema, asStrings) => {
    const found = issueMessages(schema, asStrings);
    expect([...found].flatMap((id) => catalogueProblems(id, null).map((problem) => `${JSON.stringify(id)} ${problem}`))).toEqual([]);
  });
});

describe("no answer carries a sentence written by hand", () => {
  /** The Worker that hosts the BellRoom for `npm run dev` only: it answers nothing a visitor can reach. */
  const DEV_ONLY = new Set(["workers/bell-room-worker.ts"]);

  it("app/ and workers/ write an answer's sentence only through the catalogues", () => {
    const offenders = modules
      .filter(({ file }) => !ENGLISH_ONLY.test(file) && !DEV_ONLY.has(file))
      .flatMap(({ file, text }) => handWrittenSentences(file, text).map((sentence) => `${file}: ${sentence}`));
    expect(offenders).toEqual([]);
  });
});
