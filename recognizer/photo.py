"""Photos of a screen: find the screen's quadrilateral and rectify it.

A phone photo shows the screen as a bright quadrilateral inside a darker (or
contrasting) bezel, seen in perspective. :func:`find_screens` proposes the
likeliest quadrilaterals, :func:`rectify` warps one to a flat picture, and the
:class:`Rectification` carries the homography that maps the flat picture's
pixels back onto the photo, so overlays land where the user sees the cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.colors import reduce
from recognizer.image import RGBImage

#: A straight line: a point on it and its direction.
Line = tuple[NDArray[np.float64], NDArray[np.float64]]

#: Long side of the reduced copy searched for quadrilaterals.
SEARCH_SIDE = 640
#: The rectified screen's long side at most: a phone photo has more pixels than the screen
#: it shows sharply, and the recognizers need no more than a screenshot's worth.
FLAT_SIDE = 1600
#: A screen covers at least this fraction of the photo.
MIN_AREA = 0.08
#: A frame (a phone's bezel) is at most this fraction of its outline's short side wide.
FRAME_DEPTH = 0.25
#: Least colour step (CIELAB, 8-bit scale, over two pixels) from a frame to what it frames.
FRAME_CONTRAST = 18.0
#: A phone camera's focal length in units of the photo's long side (about 26 mm equivalent).
TYPICAL_FOCAL = 0.9


@dataclass(frozen=True)
class Rectification:
    """A screen found in a photo.

    Parameters
    ----------
    quad : tuple of 4 (x, y)
        The screen's corners in the photo: top-left, top-right, bottom-right, bottom-left.
    size : (width, height)
        Size of the rectified picture.
    score : float
        How screen-like the quadrilateral is (higher is better).
    """

    quad: tuple[tuple[float, float], ...]
    size: tuple[int, int]
    score: float

    @property
    def to_photo(self) -> NDArray[np.float64]:
        """3x3 homography from rectified pixels to photo pixels."""
        w, h = self.size
        flat = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        return cv2.getPerspectiveTransform(flat, np.asarray(self.quad, np.float32)).astype(
            np.float64
        )


def order_corners(points: NDArray[np.float64]) -> NDArray[np.float64]:
    """Order four points as top-left, top-right, bottom-right, bottom-left."""
    pts = np.asarray(points, np.float64).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # counter-clockwise from the left in image coordinates
    start = int(np.argmin(pts.sum(axis=1)))  # top-left has the smallest x + y
    return np.roll(pts, -start, axis=0)


def aspect_ratio(quad: NDArray[np.float64], image_size: tuple[int, int]) -> float:
    """Width/height of the rectangle seen as ``quad``, from the camera's geometry.

    Zhang and He's method ("Whiteboard scanning and image enhancement", 2007):
    with the principal point at the image centre and square pixels, the focal
    length and the true aspect ratio follow from the quadrilateral alone. When a
    pair of sides is parallel in the picture the focal length is undetermined,
    and a phone camera's typical one (:data:`TYPICAL_FOCAL` long sides) is used.
    """
    w, h = image_size
    long_side = max(w, h)
    tl, tr, br, bl = (np.append(p - (w / 2, h / 2), 1.0) for p in quad)
    k2 = np.dot(np.cross(tl, br), bl) / np.dot(np.cross(tr, br), bl)
    k3 = np.dot(np.cross(tl, br), tr) / np.dot(np.cross(bl, br), tr)
    n2 = k2 * tr - tl
    n3 = k3 * bl - tl
    f2 = TYPICAL_FOCAL**2 * long_side**2
    if abs(n2[2] * n3[2]) > 1e-12:
        estimate = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2])
        if (0.3 * long_side) ** 2 < estimate < (5 * long_side) ** 2:
            f2 = estimate
    width2 = n2[0] ** 2 + n2[1] ** 2 + f2 * n2[2] ** 2
    height2 = n3[0] ** 2 + n3[1] ** 2 + f2 * n3[2] ** 2
    return float(np.sqrt(width2 / height2))


def _candidate_quads(small: RGBImage) -> list[NDArray[np.float64]]:
    """Convex quadrilaterals outlining large regions: from edges, brightness, and
    difference from the surroundings' colour (the desk around a phone)."""
    gray = cv2.cvtColor(small, cv2.COLOR_RGB2GRAY)
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    median = float(np.median(blurred))
    edges = cv2.Canny(blurred, max(10.0, 0.5 * median), max(30.0, 1.2 * median))
    # and edges judged against the photo's own gradients: a light screen on a light desk
    # (or under glare) steps less than its brightness would suggest
    sobel = [cv2.Sobel(blurred, cv2.CV_32F, dx, 1 - dx) for dx in (0, 1)]
    strong = max(20.0, 2.0 * float(np.percentile(cv2.magnitude(*sobel), 90)))
    faint = cv2.Canny(blurred, 0.4 * strong, strong)
    _, bright = cv2.threshold(blurred, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_RGB2LAB).astype(np.float32)
    border = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    distance = np.linalg.norm(lab - np.median(border, axis=0), axis=2)
    _, foreign = cv2.threshold(
        np.clip(distance * 4, 0, 255).astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    thick = np.ones((3, 3), np.uint8)
    masks = [cv2.dilate(edges, thick), cv2.dilate(faint, thick), bright, 255 - bright, foreign]
    quads = []
    area_min = MIN_AREA * gray.size
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            if cv2.contourArea(contour) < area_min:
                continue
            hull = cv2.convexHull(contour)
            perimeter = cv2.arcLength(hull, True)
            for eps in (0.01, 0.02, 0.04):
                approx = cv2.approxPolyDP(hull, eps * perimeter, True)
                if len(approx) == 4:
                    quad = order_corners(approx.reshape(4, 2).astype(np.float64))
                    quads.append(_straightened(_densified(hull), quad))
                    break
    return quads


def _densified(hull: NDArray[np.int32]) -> NDArray[np.float64]:
    """Points every pixel or so along a closed polygon."""
    corners = hull.reshape(-1, 2).astype(np.float64)
    ends = np.roll(corners, -1, axis=0)
    steps = np.maximum(1, np.ceil(np.linalg.norm(ends - corners, axis=1)).astype(int))
    return np.concatenate(
        [
            a + (b - a) * np.arange(n)[:, None] / n
            for a, b, n in zip(corners, ends, steps, strict=True)
        ]
    )


def _straightened(outline: NDArray[np.float64], quad: NDArray[np.float64]) -> NDArray[np.float64]:
    """``quad`` with its corners where the straight middles of ``outline``'s sides cross.

    A phone's or a screen's rounded corners cut the outline's corners off, so the corners
    of a polygon fitted to it sit inside the true ones; lines fitted to the middle of each
    side meet where the corners would be. The quadrilateral is kept as it was when a side
    has too few points near it or a corner would move by more than a fifth of a side.
    """
    lines = []
    for i in range(4):
        start, end = quad[i], quad[(i + 1) % 4]
        length = float(np.hypot(*(end - start)))
        if length < 8:
            return quad
        along = (end - start) / length
        offset = outline - start
        position = offset @ along / length
        distance = np.abs(offset @ np.array([-along[1], along[0]]))
        near = (position > 0.15) & (position < 0.85) & (distance < max(2.0, 0.03 * length))
        if near.sum() < 8:
            return quad
        lines.append(_fit_line(outline[near]))
    corners = _crossings(lines)
    if corners is None:
        return quad
    if np.abs(corners - quad).max() > 0.2 * _longest_side(quad):
        return quad
    return corners


def _crossings(lines: list[Line]) -> NDArray[np.float64] | None:
    """Where each line (a point and a direction) crosses the one before it, or None."""
    corners = []
    for i in range(len(lines)):
        (p, u), (q, v) = lines[i - 1], lines[i]
        matrix = np.column_stack([u, -v])
        if abs(np.linalg.det(matrix)) < 1e-6:
            return None
        t = np.linalg.solve(matrix, q - p)[0]
        corners.append(p + t * u)
    return np.array(corners)


def _perimeter(quad: NDArray[np.float64], count: int) -> NDArray[np.float64]:
    """``count`` points along each side of ``quad``, away from its corners: (4, count, 2)."""
    t = np.linspace(0.04, 0.96, count)[:, None]
    return np.stack([quad[i] + t * (quad[(i + 1) % 4] - quad[i]) for i in range(4)])


def _sample(picture: NDArray[Any], points: NDArray[np.float64]) -> NDArray[np.float32]:
    """``picture``'s values at ``points`` (..., 2), bilinear, one row per point."""
    grid = points.reshape(-1, 1, 2).astype(np.float32)
    values = cv2.remap(picture, grid[..., 0], grid[..., 1], cv2.INTER_LINEAR)
    return np.asarray(values, np.float32).reshape(*points.shape[:-1], -1)


def _score(lab: NDArray[np.float32], quad: NDArray[np.float64]) -> float:
    """Colour contrast between a rim just inside the quadrilateral and a band just outside.

    Both are sampled along the sides (3% of the way to and from the centre), so the
    score costs the same for any quadrilateral; band points off the picture are left out.
    """
    h, w = lab.shape[:2]
    centre = quad.mean(axis=0)
    outline = _perimeter(quad, 48) - centre
    rim = _sample(lab, centre + outline[None] * np.array([0.975, 0.99])[:, None, None, None])
    band = centre + outline[None] * np.array([1.01, 1.025])[:, None, None, None]
    on_picture = (band[..., 0] >= 0) & (band[..., 0] <= w - 1)
    on_picture &= (band[..., 1] >= 0) & (band[..., 1] <= h - 1)
    if on_picture.sum() < 20:
        return 0.0
    rim_values = rim.reshape(-1, 3)
    band_values = _sample(lab, band)[on_picture]
    contrast = float(np.linalg.norm(rim_values.mean(axis=0) - band_values.mean(axis=0)))
    # a true outline separates uniformly: the rim and band are each of one colour
    spread = float(rim_values.std(axis=0).mean() + band_values.std(axis=0).mean())
    area = cv2.contourArea(quad.astype(np.float32)) / (h * w)
    return contrast / (1.0 + 0.1 * spread) * (0.5 + area)


def _edge_line(
    image: RGBImage, start: NDArray[np.float64], end: NDArray[np.float64], reach: float
) -> Line | None:
    """The straight edge nearest the side ``start``-``end``: a point on it and its direction.

    Grey profiles across the side, at most ``reach`` pixels either way, each give the
    position of their steepest step; a robust line through those points is the edge. Each
    profile is the mean of three, a pixel apart along the side, smoothed across it, so
    noise and JPEG blocks do not make steps (only these pixels of the photo are read).
    """
    along = end - start
    length = float(np.hypot(*along))
    if length < 8:
        return None
    tangent = along / length
    normal = np.array([-tangent[1], tangent[0]])
    offsets = np.arange(-np.ceil(reach), np.ceil(reach) + 1)
    bases = start + np.linspace(0.1, 0.9, 32)[:, None] * along
    grid = (
        bases[:, None, None, :]
        + np.array([-1.0, 0.0, 1.0])[None, :, None, None] * tangent
        + offsets[None, None, :, None] * normal
    )
    grey = _sample(image, grid) @ np.array([0.299, 0.587, 0.114], np.float32)
    profiles = cv2.GaussianBlur(grey.mean(axis=1), (3, 1), 0)
    steps = np.abs(np.diff(profiles, axis=1))
    strongest = steps.argmax(axis=1)
    keep = steps[np.arange(len(steps)), strongest] > 4 * (np.median(steps, axis=1) + 1)
    if keep.sum() < 8:
        return None
    return _fit_line(bases[keep] + (offsets[strongest[keep]] + 0.5)[:, None] * normal)


def _fit_line(points: NDArray[np.float64]) -> Line:
    """A straight line through ``points``, robust to strays: a point on it and its direction."""
    vx, vy, x0, y0 = cv2.fitLine(points.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)


def refine_corners(image: RGBImage, quad: NDArray[np.float64], reach: float) -> NDArray[np.float64]:
    """``quad``'s corners moved onto the picture's own edges, at full resolution.

    Each side is fitted to the steepest grey step within ``reach`` pixels of it, and the
    corners become the crossings of adjacent sides; a side without a clear edge, or a
    corner that would move further than ``2 * reach``, leaves the quadrilateral as it was.
    """
    found = [_edge_line(image, quad[i], quad[(i + 1) % 4], reach) for i in range(4)]
    lines = [line for line in found if line is not None]
    refined = _crossings(lines) if len(lines) == 4 else None
    if refined is None or np.abs(refined - quad).max() > 2 * reach:
        return quad
    return refined


def _longest_side(quad: NDArray[np.float64]) -> float:
    """The length of the longest side of a quadrilateral, in pixels."""
    return float(np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).max())


def _within_frame(
    lab: NDArray[np.float32], quad: NDArray[np.float64]
) -> NDArray[np.float64] | None:
    """The quadrilateral inside ``quad`` where a uniform frame along its sides ends, or None.

    A phone's outline encloses its bezel, a band of one colour and of a steady width along
    each side, and the screen within it. Seen flat, each side's middle three fifths are read
    inwards: on every line across the side, the strongest colour step is where the frame
    ends. When most lines step at one depth (a thumb, a notch or glare changes only some)
    and the band before it is even, that depth is the side's frame width; a side whose
    lines step at scattered depths (an app's content), weakly, or after an uneven band has
    no frame, and then there is none.
    """
    height, width = lab.shape[:2]
    ratio = aspect_ratio(quad, (width, height))
    if not 0.1 < ratio < 10:  # degenerate
        return None
    side = _longest_side(quad)
    fw, fh = (round(side * ratio), round(side)) if ratio < 1 else (round(side), round(side / ratio))
    flat_corners = np.array([[0, 0], [fw - 1, 0], [fw - 1, fh - 1], [0, fh - 1]], np.float32)
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), flat_corners)
    flat = np.asarray(cv2.warpPerspective(lab, to_flat, (fw, fh), flags=cv2.INTER_LINEAR))
    reach = round(FRAME_DEPTH * min(fw, fh))
    if reach < 8:
        return None
    strips = (
        flat[:reach],
        flat[:, ::-1][:, :reach].transpose(1, 0, 2),
        flat[::-1][:reach],
        flat[:, :reach].transpose(1, 0, 2),
    )  # top, right, bottom, left: (depth, along, 3)
    tolerance = max(1.0, 0.01 * min(fw, fh))
    depths = []
    for strip in strips:
        length = strip.shape[1]
        # smoothed along the side only, so noise and moire fade and the step stays sharp
        lines = cv2.blur(
            np.ascontiguousarray(strip[:, round(0.2 * length) : round(0.8 * length)]), (5, 1)
        )
        steps = np.linalg.norm(lines[2:] - lines[:-2], axis=2)[2:]  # centred at depths 3, 4, ..
        depth = steps.argmax(axis=0) + 3
        strength = steps.max(axis=0)
        typical = float(np.median(depth))
        steady = (np.abs(depth - typical) <= tolerance) & (strength > FRAME_CONTRAST)
        if steady.mean() < 0.5:
            return None
        band = lines[3 : max(4, round(typical) - 2), steady]  # off both edges' blur
        unevenness = np.linalg.norm(band - np.median(band, axis=0), axis=2).max(axis=0)
        if np.median(unevenness) > 0.5 * np.median(strength[steady]):
            return None
        depths.append(typical)
    top, right, bottom, left = depths
    inner = np.array(
        [[left, top], [fw - 1 - right, top], [fw - 1 - right, fh - 1 - bottom],
         [left, fh - 1 - bottom]],
        np.float32,
    )  # fmt: skip
    return np.asarray(cv2.perspectiveTransform(inner[None], np.linalg.inv(to_flat))[0], np.float64)


def find_screens(image: RGBImage, limit: int = 2) -> list[Rectification]:
    """The likeliest screen quadrilaterals in a photo, best first (at most ``limit``)."""
    height, width = image.shape[:2]
    small, scale = reduce(image, SEARCH_SIDE)
    lab = cv2.cvtColor(small, cv2.COLOR_RGB2LAB).astype(np.float32)
    scored = sorted(((_score(lab, q), q) for q in _candidate_quads(small)), key=lambda t: -t[0])
    scored = [(score, quad) for score, quad in scored if score > 0]
    if not scored:
        return []
    # a phone's outline is found more easily than the screen within its bezel: that first
    screen = _within_frame(lab, scored[0][1])
    if screen is not None:
        scored.insert(0, (_score(lab, screen), screen))
    found: list[Rectification] = []
    for score, quad in scored:
        if len(found) >= limit:
            break
        corners = refine_corners(image, quad / scale, reach=2.5 / scale)
        if any(
            np.abs(corners - np.asarray(r.quad)).max() < 0.01 * max(height, width) for r in found
        ):
            continue
        ratio = aspect_ratio(corners, (width, height))
        side = min(_longest_side(corners), FLAT_SIDE)
        size = (
            (round(side * ratio), round(side)) if ratio < 1 else (round(side), round(side / ratio))
        )
        quad_t = tuple((float(x), float(y)) for x, y in corners)
        found.append(Rectification(quad_t, size, score))
    return found


def rectify(image: RGBImage, rectification: Rectification) -> RGBImage:
    """The screen seen flat, at ``rectification.size``.

    A screen photographed with more pixels than that is warped at a multiple of the size
    and then averaged down, so it is smoothed rather than aliased.
    """
    width, height = rectification.size
    longest = _longest_side(np.asarray(rectification.quad))
    factor = max(1, int(np.ceil(longest / max(width, height) - 0.05)))
    to_flat = np.diag([factor, factor, 1.0]) @ np.linalg.inv(rectification.to_photo)
    flat = cv2.warpPerspective(
        image, to_flat, (width * factor, height * factor), flags=cv2.INTER_LINEAR
    )
    if factor > 1:
        flat = cv2.resize(flat, (width, height), interpolation=cv2.INTER_AREA)
    return np.asarray(flat, np.uint8)
