// The scripts a page's start-up loads, listed by the build on the entry's tag in its HTML
// (html-webpack-plugin): <script src="/main.js" data-startup="945.….js 303.….js …">. The entry adds
// them one per task before crossing its async boundary (shell/src/startup/startupScripts.ts).
//
// Why: the entry (main.js) starts the app through its async boundary (`import('./bootstrap')`).
// Left to the federation runtime, evaluating main.js is what finds the bootstrap's chunks and,
// through the shared singletons it consumes, their chunks (React, React DOM, jotai, @shop/shared,
// the router), and appends a <script> for each, all in one task: on Lighthouse's phone 250-400 ms
// of blocking time (TBT). Loaded beforehand, they are installed when the runtime looks, and it
// loads nothing. (As <script defer> tags in the HTML instead, they ran before the main picture's
// paint and LCP rose by half a second.)
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'StartupScriptsPlugin';
const BOOTSTRAP = /(^|\/)bootstrap(\.[jt]sx?)?$/;

/**
 * Every JS file of the bootstrap's chunk group and, for each shared module it consumes, of the
 * copy the page itself provides (the share scope's getter loads that one, not the consumer's
 * fallback), and so on through what those chunks consume.
 */
function startupScripts(compilation) {
  const { chunkGraph } = compilation;
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module' && !module._eager) provided.set(`${module._shareScope}|${module._name}`, module);
  }
  const seenChunks = new Set();
  const files = new Set();
  const visitGroup = (group) => {
    for (const chunk of group.chunks) visitChunk(chunk);
  };
  const visitChunk = (chunk) => {
    if (seenChunks.has(chunk)) return;
    seenChunks.add(chunk);
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      // A consumed shared module is loaded as its chunk loads.
      if (module.type !== 'consume-shared-module') continue;
      const { shareKey, shareScope } = module.options;
      const provider = [shareScope].flat().map((scope) => provided.get(`${scope}|${shareKey}`)).find(Boolean);
      for (const block of (provider ?? module).blocks) {
        const group = chunkGraph.getBlockChunkGroup(block);
        if (group) visitGroup(group);
      }
    }
  };
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const group of entrypoint.getChildren()) {
      if (group.origins.some((origin) => BOOTSTRAP.test(origin.request ?? ''))) visitGroup(group);
    }
  }
  return [...files];
}

class StartupScriptsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap(NAME, (data) => {
        const files = startupScripts(compilation);
        if (files.length === 0) {
          compilation.warnings.push(new Error(`${NAME}: no chunk group for the entry's import('./bootstrap'); main.js loads its start-up scripts itself, in one task`));
          return data;
        }
        const entry = data.assetTags.scripts.find((tag) => /(^|\/)main\.js$/.test(String(tag.attributes.src ?? '')));
        if (entry) entry.attributes['data-startup'] = files.join(' ');
        return data;
      });
    });
  }
}

module.exports = { StartupScriptsPlugin, startupScripts };
