// Panda CSS generates the styles (tokens, recipes, utilities) into src/index.css's @layer rules.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
}
