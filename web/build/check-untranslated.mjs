// The other half of the catalogue check: text written straight into the UI, which no extractor can see.
// Flags JSX text and user-facing JSX attributes (label, title, placeholder, aria-label…) that hold English
// outside Lingui's macros. A literal that is not a text (a test id, a CSS value) never lands in these places.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const webDir = resolve(import.meta.dirname, '..');
const SOURCE = join(webDir, 'src');
const TEXT_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'description',
  'error',
  'alt',
  'confirmLabel',
  'cancelLabel',
  'emptyMessage',
  'nothingFoundMessage',
  'message',
]);
const WORDS = /[A-Za-z]{2,}/;
// The product's name is the same in every language.
const BRAND = /^[\s©·.]*(DentalFlow|DF)[\s©·.v]*$/;
const isText = (text) => WORDS.test(text) && !BRAND.test(text);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

function insideTrans(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent)) {
      const name = parent.openingElement.tagName.getText();
      if (name === 'Trans' || name === 'Plural' || name === 'Select' || name === 'SelectOrdinal') {
        return name === 'Trans' || name === 'Plural' || name === 'SelectOrdinal' || isMacroSelect(parent);
      }
    }
  }
  return false;
}

function isMacroSelect(element) {
  return element.openingElement.attributes.properties.some(
    (attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText() === '_other',
  );
}

const problems = [];
for (const file of files(SOURCE)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const report = (node, text) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    problems.push(`${relative(webDir, file)}:${line + 1}: "${text.trim().replace(/\s+/g, ' ').slice(0, 80)}"`);
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && isText(node.text) && !insideTrans(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)
          ? value.expression
          : undefined;
      if (literal && isText(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (problems.length > 0) {
  console.error(
    `Text outside the catalogue (${problems.length}); wrap it in Lingui's t or <Trans>:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('No text outside the catalogue in web/src.');
