import {
  createEdgeArrowHeadProgram,
  createEdgeClampedProgram,
  createEdgeCompoundProgram,
  type EdgeProgram,
  type EdgeProgramType,
} from 'sigma/rendering';
import type { EdgeData, NodeData } from './graph-model';

/** Dash and gap lengths of closed facts, in screen pixels. */
const DASH_PX = 6;
const GAP_PX = 4;

type Definition = ReturnType<EdgeProgram['getDefinition']>;

/** Sigma's clamped edge program, typed by the one method extended here (its factory hides it). */
const ClampedProgram = createEdgeClampedProgram() as unknown as new (
  ...args: ConstructorParameters<typeof EdgeProgram>
) => { getDefinition(): Definition };

/**
 * Sigma's clamped edge with its shaders extended: the vertex shader passes the distance along
 * the edge in (approximate) screen pixels, and the fragment shader drops the gaps. Picking
 * stays solid, so a dashed edge is as easy to hover as any other.
 */
class DashedClampedProgram extends ClampedProgram {
  override getDefinition(): Definition {
    const base = super.getDefinition();
    const vertex = base.VERTEX_SHADER_SOURCE.replace(
      'varying float v_feather;',
      'varying float v_feather;\nvarying float v_along;',
    ).replace(
      /}\s*$/,
      `  vec2 clipStart = (u_matrix * vec3(a_positionStart, 1)).xy;
  vec2 clipEnd = (u_matrix * vec3(a_positionEnd, 1)).xy;
  v_along = a_positionCoef * length(clipEnd - clipStart) / u_correctionRatio;
}
`,
    );
    const fragment = base.FRAGMENT_SHADER_SOURCE.replace(
      'varying float v_feather;',
      'varying float v_feather;\nvarying float v_along;',
    ).replace(
      '#else',
      `#else
  if (mod(v_along, ${(DASH_PX + GAP_PX).toFixed(1)}) > ${DASH_PX.toFixed(1)}) discard;`,
    );
    return { ...base, VERTEX_SHADER_SOURCE: vertex, FRAGMENT_SHADER_SOURCE: fragment };
  }
}

/** A dashed edge with an arrow head: how the viewer draws facts that no longer hold. */
export const DashedArrowProgram = createEdgeCompoundProgram<NodeData, EdgeData>([
  DashedClampedProgram as unknown as EdgeProgramType<NodeData, EdgeData>,
  createEdgeArrowHeadProgram<NodeData, EdgeData>(),
]);
