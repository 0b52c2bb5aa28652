import { forwardRef, type AnchorHTMLAttributes, type CSSProperties, type ReactNode } from 'react';
import {
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  type RelativeRoutingType,
  type To,
} from 'react-router';

/**
 * `Link` and `NavLink` as this app uses them, in place of React Router's (the build and the
 * tests import `react-router` through `react-router.ts`, see vite.config.ts). React Router's own
 * carry framework-mode code this app never uses (route prefetching with `<link>` tags, lazy route
 * discovery, view transitions, masks): 2.6 KiB gzip of the first load. Same props as far as this
 * app goes: `to`, `replace`, `state`, `relative`, `reloadDocument`, `preventScrollReset`,
 * `target`; NavLink's `end`, `caseSensitive` and the `isActive` class/style/children functions.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  relative?: RelativeRoutingType;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
}

/** An address with a scheme (https:, mailto:) or protocol-relative: a plain link. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, relative, reloadDocument, preventScrollReset, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to, { relative });
  const navigate = useLinkClickHandler(to, {
    replace,
    state,
    target,
    relative,
    preventScrollReset,
  });
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  return (
    <a
      {...rest}
      ref={ref}
      target={target}
      href={external ? to : href}
      onClick={
        external || reloadDocument
          ? onClick
          : (event) => {
              onClick?.(event);
              if (!event.defaultPrevented) navigate(event);
            }
      }
    />
  );
});

export interface NavLinkState {
  isActive: boolean;
  /** Always false here: nothing in this app styles a link while its page loads. */
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
}

/** A link marked `aria-current="page"` (and class `active`) while its address is open. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  {
    end = false,
    caseSensitive = false,
    className = '',
    style,
    children,
    'aria-current': current = 'page',
    ...rest
  },
  ref,
) {
  let target = useResolvedPath(rest.to, { relative: rest.relative }).pathname;
  let here = useLocation().pathname;
  if (!caseSensitive) {
    target = target.toLowerCase();
    here = here.toLowerCase();
  }
  // As React Router decides it: the address itself, or (without `end`) one below it.
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  const state: NavLinkState = { isActive, isPending: false, isTransitioning: false };
  return (
    <Link
      {...rest}
      ref={ref}
      aria-current={isActive ? current : undefined}
      className={
        typeof className === 'function'
          ? className(state)
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
});
