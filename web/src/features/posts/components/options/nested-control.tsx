import { createContext, useContext, type ComponentType } from 'react';
import type { OptionControlProps } from './types';

/**
 * Objects hold options of any kind, so their fields render through OptionControl again. It comes
 * through this context (OptionControl provides itself) instead of an import, which would make
 * option-control and the object controls import each other.
 */
export const NestedControlContext = createContext<ComponentType<OptionControlProps> | null>(null);

export function NestedControl(props: OptionControlProps) {
  const Control = useContext(NestedControlContext);
  if (!Control) throw new Error('NestedControl must be rendered inside OptionControl');
  return <Control {...props} />;
}
