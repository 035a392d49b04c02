import type { MouseEvent } from 'react';
import { useNavigate } from '@shop/shared/router';
import { SafeHtml } from '@shop/shared';
import styles from './HtmlContent.module.css';

/**
 * HTML written in the shop's database (CMS pages, articles), sanitised by the shop's one sanitiser
 * (DOMPurify, see SafeHtml). Links inside it to the shop's own pages navigate in the app, without a reload.
 */
export function HtmlContent({ html, className }: { html: string | null | undefined; className?: string | undefined }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as Element).closest?.('a');
    const href = link?.getAttribute('href');
    if (!link || !href || !/^\/(?!\/)/.test(href) || link.target || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <SafeHtml className={`${styles.prose} ${className ?? ''}`} onClick={onClick} html={html} />;
}
