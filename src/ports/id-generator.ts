import { token } from './token';

/** Random, unguessable text ids (subscriber ids, unsubscribe tokens). */
export interface IdGenerator {
  next(): string;
}

export const ID_GENERATOR = token<IdGenerator>('IdGenerator');
