import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Spinner } from './spinner.tsx';

/** filled (default), outlined and ghost (SPEC section 2). */
export type ButtonVariant = 'filled' | 'outlined' | 'ghost';
export type ButtonSize = 'sm' | 'md';

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container's width. */
  block?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  className?: string;
  children?: ReactNode;
}

export type ButtonProps = CommonProps &
  ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; ref?: Ref<HTMLButtonElement> };

/** With `href` the button is a link: in-app paths navigate, "http…" addresses leave the app. */
export type ButtonLinkProps = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
    href: string;
    /** Replace the current history entry instead of pushing a new one. */
    replace?: boolean;
    ref?: Ref<HTMLAnchorElement>;
  };

const VARIANTS: Record<ButtonVariant, string> = {
  filled:
    'bg-brand-800 text-white hover:bg-brand-900 active:bg-brand-900 border border-transparent shadow-sm',
  outlined: 'border border-brand-800 bg-white text-brand-800 hover:bg-brand-50',
  ghost: 'border border-transparent text-brand-800 hover:bg-brand-50',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
};

export function buttonClasses({
  variant = 'filled',
  size = 'md',
  block = false,
  className = '',
}: Pick<CommonProps, 'variant' | 'size' | 'block' | 'className'> = {}) {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    block ? 'w-full' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button(props: ButtonProps | ButtonLinkProps) {
  if (props.href !== undefined) {
    const {
      variant,
      size,
      block,
      className,
      loading: _loading,
      href,
      replace,
      children,
      ...rest
    } = props;
    const classes = buttonClasses({ variant, size, block, className });
    if (/^(https?:|mailto:|tel:)/.test(href)) {
      return (
        <a href={href} className={classes} {...rest}>
          {children}
        </a>
      );
    }
    return (
      <Link to={href} replace={replace} className={classes} {...rest}>
        {children}
      </Link>
    );
  }
  const { variant, size, block, className, loading, children, type, disabled, ...rest } = props;
  return (
    <button
      type={type ?? 'button'}
      className={buttonClasses({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
