import type { Page } from '@balai/domain/contract';
import useSWR from 'swr';
import { apiPaths, type ContentBase } from './paths.ts';

/**
 * The public content resources as `GET /api/<base>` returns them. The types are written here,
 * not taken from `@balai/domain`, to keep the public pages free of the domain package.
 */

/** An uploaded image: the original and its WebP thumbnail, with their pixel sizes. */
export interface ImageUrls {
  original: string;
  thumb: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

interface Row {
  id: number;
}

export interface HomepageHeader extends Row {
  title: string;
  subtitle: string | null;
  image_url: ImageUrls | null;
  button_label: string | null;
  button_link: string | null;
  active: boolean;
}

export interface HomepageBenefit extends Row {
  title: string;
  description: string;
  image_url: ImageUrls | null;
}

export interface GalleryItem extends Row {
  title: string;
  description: string | null;
  image_url: ImageUrls | null;
  taken_at: string | null;
}

export interface VillageProfile extends Row {
  title: string;
  /** Rich text, sanitised by the server before it is stored. */
  content: string;
}

export interface Official extends Row {
  name: string;
  position_title: string;
  nip: string | null;
  photo_url: ImageUrls | null;
  period: string | null;
  reports_to: number | null;
}

export interface Figure extends Row {
  label: string;
  value: string;
  unit: string | null;
  icon_url?: ImageUrls | null;
}

export interface AgeGroup extends Row {
  label: string;
  age_from: number;
  age_to: number | null;
  male_count: number;
  female_count: number;
}

export interface JobCount extends Row {
  job: string;
  male_count: number;
  female_count: number;
}

export interface ReligionCount extends Row {
  religion: string;
  male_count: number;
  female_count: number;
}

/** The SWR key of one page of a resource, large enough for everything a village publishes. */
export function contentListKey(
  base: ContentBase,
  params: Record<string, string | number> = {},
): readonly [string, Record<string, string | number>] {
  return [apiPaths.content(base), { per_page: 100, ...params }];
}

/** One page of a resource (see `contentListKey`). */
export function useContentList<T>(base: ContentBase, params: Record<string, string | number> = {}) {
  const { data, error, isLoading, mutate } = useSWR<Page<T>>(contentListKey(base, params));
  return { items: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/** `srcset` from the thumbnail and the original, so the browser picks the smallest that fits. */
export function imageSrcSet(image: ImageUrls) {
  if (image.thumb_width >= image.width) return undefined;
  return `${image.thumb} ${image.thumb_width}w, ${image.original} ${image.width}w`;
}
