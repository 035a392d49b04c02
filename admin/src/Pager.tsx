import ui from './ui.module.css';

/** A list's page buttons: `back` and `forward` name the direction ("Newer"/"Older", "Previous"/"Next"). */
export function Pager({ page, pages, go, back, forward }: { page: number; pages: number; go: (page: number) => void; back: string; forward: string }) {
  return (
    <nav className={ui.row} aria-label="Pages">
      <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => go(page - 1)}>
        {back}
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => go(page + 1)}>
        {forward}
      </button>
    </nav>
  );
}
