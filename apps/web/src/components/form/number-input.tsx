import { useCallback, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field, controlClasses } from './field.tsx';
import { INPUT_WIDTHS } from './text-input.tsx';

export interface NumberInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  name: string;
  label: ReactNode;
  /** Defaults to `name`. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  width?: keyof typeof INPUT_WIDTHS;
  ref?: Ref<HTMLInputElement>;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A number input that cannot go negative by keyboard (the "-" key is blocked) and that the mouse
 * wheel does not change while it has focus (SPEC section 5).
 */
export function NumberInput({
  name,
  label,
  id = name,
  hint,
  error,
  optional,
  width = '10',
  className = '',
  min = 0,
  onKeyDown,
  ref,
  ...rest
}: NumberInputProps) {
  // React's onWheel is passive, so the wheel is stopped with a native listener.
  const attach = useCallback(
    (input: HTMLInputElement | null) => {
      assignRef(ref, input);
      if (!input) return;
      const onWheel = (event: WheelEvent) => {
        if (document.activeElement === input) event.preventDefault();
      };
      input.addEventListener('wheel', onWheel, { passive: false });
      return () => {
        input.removeEventListener('wheel', onWheel);
        assignRef(ref, null);
      };
    },
    [ref],
  );

  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <input
          ref={attach}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          className={controlClasses(!!error, `${INPUT_WIDTHS[width]} ${className}`)}
          onKeyDown={(event) => {
            if (event.key === '-' || event.key === 'Subtract') event.preventDefault();
            onKeyDown?.(event);
          }}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
}
