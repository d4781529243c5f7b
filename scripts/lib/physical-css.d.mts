export interface PhysicalDeclaration {
  text: string;
  why: string;
}
export function physicalDeclarations(line: string): PhysicalDeclaration[];
export function cssLines(source: string): { line: number; text: string }[];
export function physicalCssIn(dir: string): ({ file: string; line: number } & PhysicalDeclaration)[];
