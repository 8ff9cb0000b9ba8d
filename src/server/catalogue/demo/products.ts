import { bubbleProducts } from './bubbles';
import type { DemoProduct } from './item-builder';
import { messageFoilProducts } from './message-foils';
import { numberShapeProducts } from './number-shapes';
import { printedLatexProducts } from './printed-latex';
import { holidayFoilProducts, solidFoilProducts, themeFoilProducts } from './shape-foils';
import { solidLatexProducts } from './solid-latex';

/** Every product of the demo catalogue, line by line, in a fixed order. */
export function demoProducts(): DemoProduct[] {
  return [
    ...solidLatexProducts(),
    ...printedLatexProducts(),
    ...messageFoilProducts(),
    ...themeFoilProducts(),
    ...holidayFoilProducts(),
    ...solidFoilProducts(),
    ...numberShapeProducts(),
    ...bubbleProducts(),
  ];
}
