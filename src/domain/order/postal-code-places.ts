import { departmentOf } from './postal-code';

/** Latitude and longitude, in degrees. */
type Place = readonly [latitude: number, longitude: number];

/**
 * Where a postal code is, roughly: the prefecture of its department (Corsica's two, by code), or
 * Monaco; no overseas code, since the shop delivers none there (postal-code.ts). A
 * table small enough for the demo relay points to be ordered by distance (« du plus proche au plus
 * éloigné ») rather than by how close their codes' numbers are (69001 is nearer Marseille than
 * Strasbourg). A carrier's adapter answers by its own, finer distances.
 */
// prettier-ignore
const PLACES: Readonly<Record<string, Place>> = {
  '01': [46.21, 5.23], '02': [49.56, 3.62], '03': [46.57, 3.33], '04': [44.09, 6.24], '05': [44.56, 6.08],
  '06': [43.7, 7.27], '07': [44.74, 4.6], '08': [49.77, 4.72], '09': [42.97, 1.61], '10': [48.3, 4.08],
  '11': [43.21, 2.35], '12': [44.35, 2.57], '13': [43.3, 5.37], '14': [49.18, -0.37], '15': [44.93, 2.44],
  '16': [45.65, 0.16], '17': [46.16, -1.15], '18': [47.08, 2.4], '19': [45.27, 1.77], '2A': [41.93, 8.74],
  '2B': [42.7, 9.45], '21': [47.32, 5.04], '22': [48.51, -2.76], '23': [46.17, 1.87], '24': [45.18, 0.72],
  '25': [47.24, 6.02], '26': [44.93, 4.89], '27': [49.02, 1.15], '28': [48.44, 1.49], '29': [48.0, -4.1],
  '30': [43.84, 4.36], '31': [43.6, 1.44], '32': [43.65, 0.59], '33': [44.84, -0.58], '34': [43.61, 3.88],
  '35': [48.11, -1.68], '36': [46.81, 1.69], '37': [47.39, 0.69], '38': [45.19, 5.72], '39': [46.67, 5.55],
  '40': [43.89, -0.5], '41': [47.59, 1.33], '42': [45.44, 4.39], '43': [45.04, 3.89], '44': [47.22, -1.55],
  '45': [47.9, 1.91], '46': [44.45, 1.44], '47': [44.2, 0.62], '48': [44.52, 3.5], '49': [47.47, -0.55],
  '50': [49.12, -1.09], '51': [48.96, 4.36], '52': [48.11, 5.14], '53': [48.07, -0.77], '54': [48.69, 6.18],
  '55': [48.77, 5.16], '56': [47.66, -2.76], '57': [49.12, 6.18], '58': [46.99, 3.16], '59': [50.63, 3.06],
  '60': [49.43, 2.08], '61': [48.43, 0.09], '62': [50.29, 2.78], '63': [45.78, 3.08], '64': [43.3, -0.37],
  '65': [43.23, 0.08], '66': [42.7, 2.9], '67': [48.58, 7.75], '68': [48.08, 7.36], '69': [45.76, 4.84],
  '70': [47.62, 6.15], '71': [46.31, 4.83], '72': [48.0, 0.2], '73': [45.57, 5.92], '74': [45.9, 6.13],
  '75': [48.86, 2.35], '76': [49.44, 1.1], '77': [48.54, 2.66], '78': [48.8, 2.13], '79': [46.32, -0.46],
  '80': [49.89, 2.3], '81': [43.93, 2.15], '82': [44.02, 1.35], '83': [43.12, 5.93], '84': [43.95, 4.81],
  '85': [46.67, -1.43], '86': [46.58, 0.34], '87': [45.83, 1.26], '88': [48.17, 6.45], '89': [47.8, 3.57],
  '90': [47.64, 6.86], '91': [48.63, 2.44], '92': [48.89, 2.21], '93': [48.91, 2.44], '94': [48.79, 2.46],
  '95': [49.04, 2.08], '980': [43.73, 7.42],
};

/** The place a 5-digit code stands for: its department's prefecture; undefined for a code not delivered. */
function placeOf(code: string): Place | undefined {
  const department = departmentOf(code);
  return PLACES[department === '20' ? (code < '20200' ? '2A' : '2B') : department];
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The distance in km between two codes' places, as the crow flies (haversine); Infinity when
 * either names no place, so a code the table does not know comes last.
 */
export function distanceKm(from: string, to: string): number {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a === undefined || b === undefined) return Infinity;
  const dLat = radians(b[0] - a[0]);
  const dLon = radians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
