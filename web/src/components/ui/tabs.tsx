import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

export function TabsList({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    // A list laid out as a grid (the projects' category tabs) must not also be a flex row.
    <TabsPrimitive.List aria-label={label} className={cn(className?.includes('grid') ? undefined : 'flex', 'gap-1 rounded-md bg-slate-100 p-1', className)}>
      {children}
    </TabsPrimitive.List>
  );
}

export function TabsTrigger({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className={cn(
        'rounded px-3 py-1.5 text-sm font-medium text-slate-700 capitalize data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow',
        className,
      )}
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}
