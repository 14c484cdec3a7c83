// The flow gallery's generated data (src/flows/flows.generated.json), written by `npm run gen`:
// - spec: for each machine, the text of the spec sections it implements; states: for each of its
//   states, the sentences that state implements. Which text is written by hand in
//   src/flows/spec-references.json, per machine `{ "flow": [refs], "states": { "<state path>": [refs] } }`,
//   a ref being "<document> §<section> <heading or bullet>" or, for some sentences of it,
//   "<document> §<section> <heading or bullet> | <words of the sentence>"; the text is
//   cut from the spec here, so the built app never reads outside the repository. The spec is found
//   at $SPEC_DIR, else ../shared/spec beside the checkout (where CI has it); without it the excerpts
//   already committed are kept (and said so).
// - screens: for each machine, the files of src/ that import it (the views it drives), read from
//   their import statements, so the gallery cannot name a screen that no longer uses the machine.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export const FLOWS_OUTPUT = 'src/flows/flows.generated.json'
const REFERENCES = 'src/flows/spec-references.json'

/** The machine files: machines/<name>.ts that build a machine (types.ts and roles.ts do not). */
export const machineNames = (root = '.') =>
  readdirSync(join(root, 'machines'))
    .filter((f) => f.endsWith('.ts') && readFileSync(join(root, 'machines', f), 'utf8').includes('.createMachine('))
    .map((f) => f.slice(0, -3))
    .sort()

/** A spec document's sections: `## N. Title` → its lines, up to the next `## `. */
const sectionsOf = (text) => {
  const sections = new Map()
  let current = null
  for (const line of text.split('\n')) {
    const heading = /^## (\d+)\.\s*(.*)$/.exec(line)
    if (heading) {
      current = { number: heading[1], title: `${heading[1]}. ${heading[2].trim()}`, lines: [] }
      sections.set(heading[1], current)
    } else if (line.startsWith('# ')) current = null
    else if (current) current.lines.push(line)
  }
  return sections
}

const clean = (lines) => lines.join('\n').trim()

/** The sentences of a text that contain `words` (case and line breaks ignored), or null when none does. */
const sentencesWith = (text, words) => {
  const flat = (t) => t.replace(/\s+/g, ' ').trim().toLowerCase()
  const wanted = flat(words)
  const sentences = text
    .replace(/^- /, '')
    .split(/(?<=[.!?])\s+(?=[A-Z'(])/)
    .filter((sentence) => flat(sentence).includes(wanted))
  return sentences.length > 0 ? sentences.map((sentence) => sentence.replace(/\s+/g, ' ').trim()).join(' ') : null
}

/**
 * The text a reference names: a `### heading` of the section (up to the next heading), or a bullet of
 * the section whose text starts with the name (with its continuation lines), or the whole section;
 * with `| words`, only the sentences of that text that contain the words.
 */
export const excerptOf = (documents, ref) => {
  const [whole, words] = ref.split(' | ')
  if (words !== undefined) {
    const excerpt = excerptOf(documents, whole)
    const text = sentencesWith(excerpt.text, words)
    if (text === null) throw new Error(`spec reference "${ref}": no sentence of "${whole}" contains "${words}"`)
    return { ...excerpt, ref, text }
  }
  const match = /^(\d{3}) §(\d+)(?: (.+))?$/.exec(ref)
  if (!match) throw new Error(`spec reference "${ref}" is not "<document> §<section> <heading or bullet>"`)
  const [, doc, number, name] = match
  const document = documents.get(doc)
  if (!document) throw new Error(`spec reference "${ref}": no spec document ${doc}_*.txt`)
  const section = document.sections.get(number)
  if (!section) throw new Error(`spec reference "${ref}": document ${doc} has no section ${number}`)
  const base = { ref, document: document.file, section: section.title, heading: name ?? null }
  if (!name) return { ...base, text: clean(section.lines) }
  const lines = section.lines
  const wanted = name.toLowerCase()
  const headingAt = lines.findIndex((l) => l.startsWith('### ') && l.slice(4).trim().toLowerCase() === wanted)
  if (headingAt >= 0) {
    const end = lines.findIndex((l, i) => i > headingAt && l.startsWith('#'))
    return { ...base, text: clean(lines.slice(headingAt + 1, end < 0 ? undefined : end)) }
  }
  const bulletAt = lines.findIndex((l) => l.startsWith('- ') && l.slice(2).toLowerCase().startsWith(wanted))
  if (bulletAt >= 0) {
    const end = lines.findIndex((l, i) => i > bulletAt && (l.startsWith('- ') || l.startsWith('#') || l.trim() === ''))
    return { ...base, text: clean(lines.slice(bulletAt, end < 0 ? undefined : end)) }
  }
  throw new Error(`spec reference "${ref}": section ${number} of ${doc} has no heading or bullet "${name}"`)
}

const readDocuments = (specDir) =>
  new Map(
    readdirSync(specDir)
      .filter((f) => /^\d{3}_.*\.txt$/.test(f))
      .map((file) => [file.slice(0, 3), { file, sections: sectionsOf(readFileSync(join(specDir, file), 'utf8')) }]),
  )

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry) ? [path] : []
  })

/** machine → the files of src/ (outside the gallery) that import machines/<machine>. */
export const screensOf = (root, names) => {
  const screens = Object.fromEntries(names.map((n) => [n, []]))
  const machinesDir = resolve(root, 'machines')
  for (const file of sourceFiles(join(root, 'src')).sort()) {
    if (relative(join(root, 'src', 'flows'), file).split(/[\\/]/)[0] !== '..') continue
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(/from\s+'(\.[^']*\/machines\/[a-z0-9-]+)'/g)) {
      const target = resolve(dirname(file), specifier)
      if (dirname(target) !== machinesDir) continue
      const name = target.slice(machinesDir.length + 1)
      const list = screens[name]
      const path = relative(root, file).split('\\').join('/')
      if (list && !list.includes(path)) list.push(path)
    }
  }
  return screens
}

/**
 * The gallery's data; throws on a machine without spec references, a reference to no machine, or one
 * that names no spec text. (Whether each state path names a state of its machine is checked by
 * tests/unit/flows-graph.test.ts, which loads the machines.)
 */
export const buildFlows = (root = '.', specDir = process.env.SPEC_DIR ?? resolve(root, '..', 'shared', 'spec')) => {
  const names = machineNames(root)
  const references = JSON.parse(readFileSync(join(root, REFERENCES), 'utf8'))
  const missing = names.filter((n) => !Array.isArray(references[n]?.flow) || references[n].flow.length === 0)
  if (missing.length > 0) throw new Error(`${REFERENCES}: no spec references for ${missing.join(', ')}`)
  const unknown = Object.keys(references).filter((n) => !names.includes(n))
  if (unknown.length > 0) throw new Error(`${REFERENCES}: no machine file for ${unknown.join(', ')}`)
  const statesOf = (n) => Object.entries(references[n].states ?? {})
  let read
  if (existsSync(specDir)) {
    const documents = readDocuments(specDir)
    read = (ref) => excerptOf(documents, ref)
  } else {
    const output = join(root, FLOWS_OUTPUT)
    const kept = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : {}
    const excerpts = new Map([...Object.values(kept.spec ?? {}), ...Object.values(kept.states ?? {}).flatMap((s) => Object.values(s))].flat().map((e) => [e.ref, e]))
    console.log(`gen: no spec at ${specDir} (set SPEC_DIR); the flow gallery keeps its committed spec excerpts`)
    read = (ref) => excerpts.get(ref)
  }
  const readAll = (refs) => refs.map(read).filter((excerpt) => excerpt !== undefined)
  return {
    spec: Object.fromEntries(names.map((n) => [n, readAll(references[n].flow)])),
    states: Object.fromEntries(names.map((n) => [n, Object.fromEntries(statesOf(n).map(([path, refs]) => [path, readAll(refs)]))])),
    screens: screensOf(root, names),
  }
}
