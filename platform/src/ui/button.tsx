import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '@veo3/platform/ui/spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  const classes = ['pf-button', `pf-button--${variant}`, `pf-button--${size}`, className].filter(Boolean).join(' ');
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="sm" label="" />}
      {children}
    </button>
  );
}
