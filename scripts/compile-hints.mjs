// Chrome (136 on) compiles a script's functions lazily, each on the main thread the first time it runs: on a
// slow phone that is a large part of a page's first long tasks. A file that starts with this magic comment is
// compiled whole on the thread that streams it in, before it runs
// (https://v8.dev/blog/explicit-compile-hints). Other browsers read it as a comment.
//
// Every chunk of the panel's browser builds gets it, and the widget's bundle: a chunk is fetched when the page
// is about to run it (the route preload at start, a deferred section or dialog right before it shows, the
// widget as it renders), so nearly all of its functions run. `pnpm run bench:compile-hints` measures
// /dashboard's main thread with and without it.

/** The magic comment, with its line break; the first line of every chunk. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * A Vite plugin that starts every JavaScript chunk with COMPILE_HINT. It runs after Vite has written its own
 * lines into the chunks (the preload helper's dependency map), so the comment stays the first line.
 */
export function compileHints() {
  return {
    name: 'engage:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && !output.code.startsWith(COMPILE_HINT)) {
            output.code = COMPILE_HINT + output.code
          }
        }
      },
    },
  }
}
