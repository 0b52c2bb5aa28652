import { useEffect } from 'react';

/**
 * Per-page <title> and description meta. The title reads "<page> | <site>", the site being the
 * village government's name once the settings have loaded. While a form shows errors,
 * "Kesalahan: " goes in front (GOV.UK), so every writer goes through this one module.
 */
export const DEFAULT_SITE_NAME = 'Pemerintah Desa';
export const ERROR_TITLE_PREFIX = 'Kesalahan: ';

let pageTitle = '';
/** While the server renders a page (entry-server.tsx): where the page's title and description go. */
let collector: { title?: string; description?: string } | null = null;

/** For the server's render only: collect what `usePageMeta` is given into `into` (null: stop). */
export function collectPageMeta(into: { title?: string; description?: string } | null) {
  collector = into;
}
let siteName = DEFAULT_SITE_NAME;
let errorSources = 0;

export function formatTitle(title: string, site: string) {
  return title ? `${title} | ${site}` : site;
}

function render() {
  document.title = (errorSources > 0 ? ERROR_TITLE_PREFIX : '') + formatTitle(pageTitle, siteName);
}

function setDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

function collect(
  into: { title?: string; description?: string },
  title: string,
  description?: string,
) {
  into.title = title;
  if (description) into.description = description;
}

/** Sets the page's title and, when given, its description meta. */
export function usePageMeta(title: string, description?: string) {
  if (collector) collect(collector, title, description);
  useEffect(() => {
    pageTitle = title;
    render();
  }, [title]);

  useEffect(() => {
    if (description) setDescription(description);
  }, [description]);
}

/** Sets the site name used after every page title (the layout calls this from the settings). */
export function useSiteName(name: string | null | undefined) {
  useEffect(() => {
    siteName = name || DEFAULT_SITE_NAME;
    render();
  }, [name]);
}

/** Puts "Kesalahan: " before the title while `active` is true. */
export function useErrorTitle(active: boolean) {
  useEffect(() => {
    if (!active) return;
    errorSources += 1;
    render();
    return () => {
      errorSources -= 1;
      render();
    };
  }, [active]);
}
