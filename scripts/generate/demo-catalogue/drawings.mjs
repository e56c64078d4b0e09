// The library of object drawings the product pictures are made of, by name (see looks.mjs).
import { CARE_GARDEN } from './drawings-care-garden.mjs';
import { KITCHEN_HOME } from './drawings-kitchen-home.mjs';
import { TEXTILE_PAPER } from './drawings-textile-paper.mjs';
import { TOYS_PANTRY } from './drawings-toys-pantry.mjs';

export const DRAWINGS = { ...KITCHEN_HOME, ...TEXTILE_PAPER, ...CARE_GARDEN, ...TOYS_PANTRY };
