import { MAP_VIEW, type MapCluster, type ProfileMapItem, type ProfileMapQuery, type ProfileMapResponse } from '@freemarket/contracts';
import type { Actor } from '@freemarket/kit';
import type { DbOrTx } from '@freemarket/db';
import { canSee } from '../profiles/privacy.js';
import { MapRepository, type CellRow, type MarkerRow } from './repository.js';
import { cellRange } from './tiles.js';

/** The explore map: what is on screen, as clusters or, zoomed in or where few, single markers. */
export class MapService {
  constructor(private readonly db: DbOrTx) {}

  /** `GET /api/profiles/map`. */
  async view(actor: Actor, query: ProfileMapQuery): Promise<ProfileMapResponse> {
    const repository = new MapRepository(this.db);
    if (query.zoom < MAP_VIEW.markersFromZoom) {
      const cells = await repository.cells(cellRange(query, query.zoom));
      // The cells hold at least the profiles in view: when they hold few, single markers show them all.
      if (cells.reduce((sum, cell) => sum + cell.count, 0) > MAP_VIEW.markersMax) return { clusters: cells.map(toCluster), markers: [] };
    }
    const rows = await repository.markers(query, MAP_VIEW.markersMax);
    return { clusters: [], markers: rows.map((row) => toMarker(row, actor.userId)) };
  }
}

/** About a metre: finer than a pixel at any zoom the map clusters at. */
const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

function toCluster(cell: CellRow): MapCluster {
  return { lat: round(cell.latSum / cell.count), lng: round(cell.lngSum / cell.count), count: cell.count };
}

/** Skills are professional info: shown where that section is public, and always to the owner. */
function toMarker(row: MarkerRow, viewerId: string): ProfileMapItem {
  const { professionalInfoIsPublic: _privacy, skills, latitude, longitude, ...marker } = row;
  // Inside the view's box, so placed: a profile without coordinates has no point.
  const placed = { ...marker, latitude: latitude!, longitude: longitude! };
  return canSee(row, 'professionalInfoIsPublic', viewerId) ? { ...placed, skills: skills.slice(0, 2) } : placed;
}
