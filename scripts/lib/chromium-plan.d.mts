export const HOW: string;
export function chromiumPlan(machine: {
  path: string;
  named: boolean;
  debianPath: string;
  exists: (path: string) => boolean;
  platform: string;
  hasAptGet: boolean;
}): { use: string } | { install: true } | { stop: string };
