import ELK from 'elkjs/lib/elk.bundled.js'
import type { ElkEdge, ElkNode } from './graph'

/*
 * The layout of a chart's ELK graph by elkjs, flattened to absolute positions for drawing. ELK gives
 * each node's position relative to its parent and each edge's points relative to its container
 * node; the drawing wants one coordinate system.
 */

export type PlacedNode = { id: string; x: number; y: number; width: number; height: number; compound: boolean }
export type Point = { x: number; y: number }
export type PlacedEdge = { id: string; points: Point[]; label: { text: string; x: number; y: number } | null }
export type Layout = { width: number; height: number; nodes: Map<string, PlacedNode>; edges: PlacedEdge[] }

const elk = new ELK()

export const layOut = async (graph: ElkNode): Promise<Layout> => {
  const laid = (await elk.layout(graph as Parameters<typeof elk.layout>[0])) as ElkNode
  const nodes = new Map<string, PlacedNode>()
  const offsets = new Map<string, Point>([[laid.id, { x: 0, y: 0 }]])
  const edges: ElkEdge[] = [...(laid.edges ?? [])]
  const place = (node: ElkNode, parent: Point) => {
    const at = { x: parent.x + (node.x ?? 0), y: parent.y + (node.y ?? 0) }
    offsets.set(node.id, at)
    const children = node.children ?? []
    nodes.set(node.id, { id: node.id, ...at, width: node.width ?? 0, height: node.height ?? 0, compound: children.length > 0 })
    edges.push(...(node.edges ?? []))
    children.forEach((child) => place(child, at))
  }
  ;(laid.children ?? []).forEach((child) => place(child, { x: 0, y: 0 }))
  const placedEdges = edges.map((edge): PlacedEdge => {
    const origin = offsets.get(edge.container ?? laid.id) ?? { x: 0, y: 0 }
    const shift = (p: Point): Point => ({ x: p.x + origin.x, y: p.y + origin.y })
    const section = edge.sections?.[0]
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift) : []
    const label = edge.labels?.[0]
    return {
      id: edge.id,
      points,
      label: label ? { text: label.text, ...shift({ x: label.x ?? 0, y: label.y ?? 0 }) } : null,
    }
  })
  return { width: laid.width ?? 0, height: laid.height ?? 0, nodes, edges: placedEdges }
}
