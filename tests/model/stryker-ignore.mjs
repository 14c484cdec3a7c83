// @ts-check
/**
 * What Stryker leaves unmutated in machines/ (stryker.config.mjs), because no change there can
 * change what a machine does:
 * - `description` texts: documentation of states and transitions (the flow gallery shows them);
 * - `types` given to `setup`: a carrier for TypeScript's types, an empty object at run time;
 * - `actors` given to `setup`: placeholders that throw "not provided"; every view replaces them
 *   with `.provide({ actors })`, and `provide` merges over them.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin'

/** @param {import('@babel/core').NodePath} path */
function keyName(path) {
  const node = path.node
  if (node.type !== 'ObjectProperty' || node.computed) return undefined
  if (node.key.type === 'Identifier') return node.key.name
  if (node.key.type === 'StringLiteral') return node.key.value
  return undefined
}

/** Whether the object holding this property is the argument of a `setup(...)` call. */
function inSetupCall(/** @type {import('@babel/core').NodePath} */ path) {
  const object = path.parentPath
  const call = object?.parentPath
  return (
    object?.node.type === 'ObjectExpression' &&
    call?.node.type === 'CallExpression' &&
    call.node.callee.type === 'Identifier' &&
    call.node.callee.name === 'setup'
  )
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-documentation', {
    shouldIgnore(path) {
      const key = keyName(path)
      if (key === 'description') return 'A description documents a state or transition; it takes no part in the behaviour.'
      if (key === 'types' && inSetupCall(path)) return "setup's types are TypeScript's only; at run time they are an empty object."
      if (key === 'actors' && inSetupCall(path)) return "setup's actors are placeholders that throw; every view provides its own."
      return undefined
    },
  }),
]
