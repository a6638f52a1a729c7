// A signed-in page sent with its first view (decision 0095) paints from its HTML and stylesheet alone;
// its scripts, which only make it interactive, start loading once it has painted, so that on a slow
// network they do not take the stylesheet's bandwidth. A module script runs after the stylesheets have
// loaded; the next frame paints the view, and the timeout runs after that frame. The server lists the
// entry and the chunks to preload in the element below (platform/http/static-files.ts).
const element = document.getElementById('first-view-scripts');
const scripts = element ? JSON.parse(element.textContent) : null;
if (scripts) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of scripts.preload) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      import(scripts.entry);
    }, 0),
  );
}
