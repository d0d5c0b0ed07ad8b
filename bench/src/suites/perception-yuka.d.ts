// Minimal typings for the parts of Yuka 0.7.8 (untyped on npm) that the perception suite drives:
// `Vision.visible` with obstacles whose `lineOfSightTest` uses Yuka's own ray–AABB test. Merges with
// the declarations in steering-yuka.d.ts.
declare module "yuka" {
  export class Quaternion {
    fromEuler(x: number, y: number, z: number): this;
  }
  export class AABB {
    min: Vector3;
    max: Vector3;
    constructor(min?: Vector3, max?: Vector3);
  }
  export class Ray {
    origin: Vector3;
    direction: Vector3;
    intersectAABB(aabb: AABB, result: Vector3): Vector3 | null;
  }
  export interface GameEntity {
    rotation: Quaternion;
    lineOfSightTest(ray: Ray, intersectionPoint: Vector3): Vector3 | null;
  }
  export class Vision {
    owner: GameEntity | null;
    fieldOfView: number;
    range: number;
    obstacles: GameEntity[];
    constructor(owner?: GameEntity | null);
    addObstacle(obstacle: GameEntity): this;
    visible(point: Vector3): boolean;
  }
}
