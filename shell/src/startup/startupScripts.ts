/** One task's end: the browser may paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Loads the scripts the shell's start-up needs (named by the build on main.js's script tag,
 * data-startup: the bootstrap's chunks and the shared libraries it consumes) before the async
 * boundary is crossed, adding one script per task. Left to the federation runtime, all of them
 * were found and added inside main.js's first task: on Lighthouse's phone one 250-400 ms task
 * (TBT). Once loaded they are installed, and crossing the boundary loads nothing more. A script
 * that fails is left to the runtime, which tries it again and reports it as before.
 */
export async function loadStartupScripts(entry: HTMLOrSVGScriptElement | null, doc: Document = document): Promise<void> {
  if (!(entry instanceof HTMLScriptElement)) return;
  const files = (entry.dataset.startup ?? '').split(' ').filter(Boolean);
  if (files.length === 0) return;
  const base = new URL('.', entry.src);
  const loads: Promise<void>[] = [];
  for (const file of files) {
    const script = doc.createElement('script');
    script.src = new URL(file, base).href;
    loads.push(
      new Promise((resolve) => {
        script.addEventListener('load', () => resolve());
        script.addEventListener('error', () => resolve());
      }),
    );
    doc.head.appendChild(script);
    await nextTask();
  }
  await Promise.all(loads);
}
