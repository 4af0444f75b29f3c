/// A virtualised list: sections of items from a ``Snapshot``, drawn into a ``Canvas`` by
/// reusable cells, with scrolling and a selection.
///
/// ```swift
/// let list = ListView<String, Int>(cellProvider: { context, item in
///     let cell = context.dequeue(TextCell.self)
///     cell.title = names[item]!
///     return cell
/// })
/// var snapshot = Snapshot<String, Int>()
/// snapshot.appendSections(["Fruit"])
/// snapshot.appendItems([1, 2, 3])
/// list.apply(snapshot, animated: false)
/// var canvas = Canvas(width: 40, height: 10)
/// list.render(into: &canvas)
/// ```
///
/// - Model: the snapshot, given with ``apply(_:animated:)``, read back with ``snapshot()``.
/// - Settings: how the list looks (``showsSectionHeaders``, ``stickySectionHeaders``,
///   ``showsScrollbar``, ``emptyText``, ``rowSizing``), plain properties.
/// - View state: ``state`` (scroll offset and selection), clamped to the content when it does
///   not fit, never a trap.
///
/// Only rows that touch the list's area have cells. The cell provider runs when a row gets a
/// cell (it scrolls into view), and again for every row on screen after an apply, which
/// reconfigures the row's existing cell in place (same identifier and cell type ⇒ same cell
/// object). A row marked with `reloadItems` gets a fresh cell. A cell that scrolls off goes
/// back to `reusePool`, whose counters show how many cells exist.
///
/// Across applies the selection follows its item's identity (or falls to its neighbour when
/// the item is deleted), and the first visible row stays on the line it was on when rows
/// change above it.
///
/// `apply(snapshot, animated: true)` animates the change over the next renders (keep
/// rendering while ``isAnimating``; time comes from ``animationClock``, durations from
/// ``transitionTiming``); see ``apply(_:animated:)``.
public final class ListView<SectionID: Hashable, ItemID: Hashable> {
    /// A row of this list.
    public typealias Row = ListRow<SectionID, ItemID>
    /// The context a provider gets.
    public typealias Context = ListCellContext<SectionID, ItemID>
    /// Makes the cell of an item: dequeue a cell from the context, set its content, return it.
    public typealias CellProvider = (Context, ItemID) -> any ListCell
    /// Makes the cell of a section's header or footer.
    public typealias SupplementaryProvider = (Context, SectionID) -> any ListCell

    /// How the list learns the height of rows.
    public enum RowSizing {
        /// Every row is one line: the fast path, with no per-row storage (the default).
        case uniform
        /// Each row's cell is asked for ``ListCell/height(forWidth:)`` after it is configured;
        /// on each apply and width change, every row is configured once on a sizing cell, O(*n*).
        case measured
        /// A closure gives each row's height at a width, without making cells. O(*n*) calls on
        /// each apply and width change.
        case custom((Row, _ width: Int) -> Int)
    }

    // MARK: Model and providers

    internal let _cellProvider: CellProvider
    internal let _headerProvider: SupplementaryProvider
    internal let _footerProvider: SupplementaryProvider?
    internal var _layout = ListLayout<SectionID, ItemID>()

    // MARK: Settings

    /// The settings a person of the list sets (each has its property below).
    internal var _options = _ListOptions()
    /// How the list's own parts look: the empty text, the scrollbar, fading and flashing rows.
    internal var _looks = _ListLooks()
    /// The cells made outside the frame: the reuse pool, the cell a provider dequeued and not
    /// yet bound, the cells that measure rows.
    internal let _cells = _ListCellScratch()
    /// Where the last render drew and what it covered; the counters that date a bound cell.
    internal var _frameState = _ListFrameState()
    /// The running transition's bookkeeping flags and origin.
    internal var _flags = _ListRenderFlags()
    /// The transition waiting for the next render, and the layout the running one started from.
    internal var _transition = _ListTransitionState<SectionID, ItemID>()
    /// The last apply's changeset, and the snapshots it was worked out from.
    internal var _memo = _ListDiffMemo<SectionID, ItemID>()

    /// Whether each section starts with a header row (default `true`).
    public var showsSectionHeaders: Bool {
        get { _options.showsSectionHeaders }
        set {
            if newValue != _options.showsSectionHeaders {
                _options.showsSectionHeaders = newValue
                _relayoutKeepingAnchor()
            }
        }
    }
    /// Whether the header of the section at the top stays on the top line while its items
    /// scroll under it (default `false`).
    public var stickySectionHeaders: Bool {
        get { _options.stickySectionHeaders }
        set { _options.stickySectionHeaders = newValue }
    }
    /// Whether a scrollbar takes the rightmost column when the content is taller than the area
    /// (default `false`).
    public var showsScrollbar: Bool {
        get { _options.showsScrollbar }
        set { _options.showsScrollbar = newValue }
    }
    /// Lines kept in view beyond the selection when it nears an edge of the area (default 0;
    /// Vim's `scrolloff`, fzf's `--scroll-off`): a move that brings the selected row within
    /// this many lines of the top or bottom scrolls on, as far as the list goes. At most what
    /// the area leaves around the row.
    public var scrollMargin: Int {
        get { _options.scrollMargin }
        set { _options.scrollMargin = newValue }
    }
    /// Whether rows stack from the bottom of the area up (default `false`): the first row on
    /// the bottom line, each next row above the one before, as in a chat log or fzf's default
    /// layout, where the best match sits next to the prompt below it.
    ///
    /// Only the screen turns over. Offsets, anchors and ``SelectionMovement`` keep the list's
    /// order: offset 0 shows the first row, ``SelectionMovement/next`` goes to the next item
    /// (now above). What reads the screen goes by the screen: ``row(atLine:)`` counts lines
    /// from the area's top as ever, and ``handle(_:)`` moves the selection the way ↑ or ↓
    /// points (↑ to the next item) and scrolls the way the wheel turns. A short list sits on
    /// the bottom lines; a sticky header stays on the bottom line, under its items.
    public var growsUpward: Bool {
        get { _options.growsUpward }
        set { _options.growsUpward = newValue }
    }
    /// The message shown, centred, when the list has no items (sections without items count as
    /// empty: their headers are not shown then). May hold several lines.
    public var emptyText: String {
        get { _options.emptyText }
        set { _options.emptyText = newValue }
    }
    /// Whether the list has keyboard focus; cells draw a selected row more quietly without it.
    public var isFocused: Bool {
        get { _options.isFocused }
        set { _options.isFocused = newValue }
    }
    /// The scrollbar's thumb and track characters (`nil` track: blank, as fzf draws its
    /// `--scrollbar=C`).
    package var scrollbarGlyphs: (thumb: Character, track: Character?) {
        get { _looks.scrollbarGlyphs }
        set { _looks.scrollbarGlyphs = newValue }
    }
    /// The navigation keys ``handle(_:)`` takes (default ``Keymap/listNavigation``: ↑↓ and
    /// `j`/`k`, PgUp/PgDn, Home/End). Rebind or drop keys here (`keymap.unbind(.character("j"))`
    /// so a prompt can take `j`), and join it to the app's own keymap for the help.
    public var keymap: Keymap<SelectionMovement> {
        get { _options.keymap }
        set { _options.keymap = newValue }
    }
    /// How long each kind of change animates (default ``TransitionTiming/fromEnvironment(_:base:)``:
    /// no motion when `TUILIST_REDUCED_MOTION=1`). Instant timing shows every apply at once.
    public var transitionTiming: TransitionTiming {
        get { _options.transitionTiming }
        set { _options.transitionTiming = newValue }
    }
    /// Whether ``lastChangeset`` is kept after an apply without animation (the default). A list
    /// of a million rows that never reads it sets this to `false`: an apply without animation
    /// then keeps no copy of the snapshot it replaced, and ``lastChangeset`` reads as empty
    /// after it.
    public var keepsLastChangeset: Bool {
        get { _options.keepsLastChangeset }
        set { _options.keepsLastChangeset = newValue }
    }
    /// Idle and live cells, with counters of cells made and reused.
    package var reusePool: CellReusePool { _cells.pool }
    /// The area of the last render, in canvas coordinates.
    package internal(set) var lastRenderedRect: Rect? {
        get { _frameState.renderedRect }
        set { _frameState.renderedRect = newValue }
    }

    /// Items drawn as marked (``CellState/isMarked``), e.g. one picked up for dragging.
    public var markedItems: Set<ItemID> = []
    /// How row heights are found (default ``RowSizing/uniform``).
    public var rowSizing: RowSizing = .uniform {
        didSet { _relayoutKeepingAnchor() }
    }

    // MARK: View state

    /// Where the user is: scroll offset and selection. Set it freely; what does not fit the
    /// content is clamped on the next query, scroll or render.
    public var state = ListViewState<ItemID>()

    // MARK: Cells on screen

    internal var _bound: [Row: _BoundCell] = [:]
    internal var _staleRows: [Row] = []
    internal var _visibleRows: [Row] = []
    internal var _visibleIndices: [Int] = []

    // MARK: Animation (see ListView+Animation.swift)

    /// The time source of animations (default a ``SystemClock``). Tests set a ``ManualClock``
    /// and step frames exactly. Setting it ends a running animation at its last frame.
    public var animationClock: any AnimationClock {
        get { _animator.clock }
        set {
            _finishAnimations()
            _animator = Animator(clock: newValue, timing: transitionTiming)
        }
    }
    /// Called once each time the list comes to rest after one or more animated applies (never
    /// in the middle of drawing: a render that notices the rest calls it as it returns).
    package var onAnimationsFinished: (() -> Void)?

    internal var _animator = Animator<ListRow<SectionID, ItemID>>(clock: SystemClock())
    /// The rows the running transition animates (its tracks); the others are drawn at rest.
    internal var _animatedRows: Set<ListRow<SectionID, ItemID>> = []
    internal var _frameRows: [(row: ListRow<SectionID, ItemID>, line: Int, height: Int, appearance: RowAppearance)] = []
    /// The sticky header of the frame being drawn mid-transition (found from where the frame
    /// puts the headers; see `_collectFrameRows`).
    internal var _frameStickyHeader: (row: ListRow<SectionID, ItemID>, line: Int, height: Int)?
    /// The header that was pinned when the running transition began: it keeps its cell while
    /// the transition runs, even when deleted (it stays pinned until the rows are half-way).
    internal var _stickyHeaderBefore: (row: ListRow<SectionID, ItemID>, line: Int, height: Int)?
    /// A scroll request made before the first render, carried out when the height is known.
    internal var _pendingReveal: ((ListView) -> Void)?

    // MARK: Viewport (from the last render)

    /// Creates a list from its providers.
    ///
    /// - Parameters:
    ///   - cellProvider: configures the cell of an item; see ``ListCellContext``.
    ///   - headerProvider: configures a section's header; by default a ``SectionHeaderCell``
    ///     titled with the section identifier's description.
    ///   - footerProvider: configures a section's footer; `nil` (the default) for no footers.
    public init(
        cellProvider: @escaping CellProvider,
        headerProvider: SupplementaryProvider? = nil,
        footerProvider: SupplementaryProvider? = nil
    ) {
        _cellProvider = cellProvider
        _headerProvider =
            headerProvider ?? { context, section in
                let cell = context.dequeue(SectionHeaderCell.self)
                cell.title = String(describing: section)
                return cell
            }
        _footerProvider = footerProvider
    }

    /// Registers how to make cells of a type in a style (see `ReuseIdentifier`). Without a
    /// registration, ``ListCellContext/dequeue(_:style:)`` makes cells with `init()`.
    public func register<Cell: ListCell>(_ type: Cell.Type, style: String = "", factory: @escaping () -> Cell) {
        reusePool.register(type, style: style, factory: factory)
        _cells.sizingCells[ReuseIdentifier(type: type, style: style)] = nil
    }
}

// MARK: - Model

extension ListView {
    /// Shows a new snapshot.
    ///
    /// The selection follows its item; when the item is gone it falls to the item now at its
    /// old index, else the one before. When the list is scrolled, the first visible row that
    /// survives stays on its line, so rows changing above the area do not move what is shown.
    /// A selection that was visible stays visible. Rows on screen are configured again (same
    /// cells); rows marked for reload get new cells. Reload and reconfigure marks are consumed.
    ///
    /// With `animated`, the difference is animated over the next renders (see
    /// ``isAnimating``): deleted rows fade out in place, the gaps close and open as rows slide
    /// to their new lines (moved rows above the others), updated rows flash, inserted rows fade
    /// in. Only rows visible before or after are animated. The plan is made at the first
    /// render after the apply, so a scroll made right after it (e.g. ``select(_:anchor:)`` to
    /// follow a moved item) is part of the animation. An apply during an animation continues
    /// from where every row is drawn. Without `animated`, with instant ``transitionTiming``, or
    /// before the first render, the new state shows at once (a running animation ends).
    ///
    /// - Parameters:
    ///   - snapshot: the new content.
    ///   - animated: whether to animate the change (default `false`).
    /// - Complexity: O(*s*) for one-line rows (the layout keeps no per-row storage), O(*n*)
    ///   with ``rowSizing`` other than `.uniform`; plus O(rows on screen). Animated: plus the
    ///   diff, O(*n*), once (it is also ``lastChangeset``); each frame then costs what the
    ///   screen holds.
    public func apply(_ snapshot: Snapshot<SectionID, ItemID>, animated: Bool = false) {
        let animate = animated && !transitionTiming.isInstant && _frameState.viewportHeight > 0 && !_layout.snapshot.isEmpty
        if animate { _startPendingTransition() } else { _finishAnimations() }
        let old = _layout
        let oldOffset = _clampedOffset(state.scrollOffset)
        let anchors = _anchorCandidates()
        let selectionWasVisible = state.selection.map { _isItemVisible($0, in: old) } ?? false
        let oldSelectionIndex = state.selection.flatMap { old.snapshot.indexOfItem($0) }

        var snapshot = snapshot
        let reloadedItems = snapshot.reloadedItemIdentifiers
        let reloadedSections = snapshot.reloadedSectionIdentifiers
        _memo.diffInputs = animate || keepsLastChangeset ? (old.snapshot, snapshot) : nil
        _memo.changeset = animate || keepsLastChangeset ? nil : Changeset()
        snapshot.clearMarks()
        _layout = _makeLayout(snapshot)
        if animate { _prepareTransition(from: old, offset: oldOffset) }

        // Cells: rows gone or marked for reload give theirs back; the rest are reconfigured.
        for (row, bound) in _bound {
            let reload: Bool
            switch row {
            case .item(let item): reload = reloadedItems.contains(item)
            case .header(let section), .footer(let section): reload = reloadedSections.contains(section)
            }
            // A deleted row keeps its cell while it fades out (the provider must not be asked
            // for an item the app no longer has); the render that stops drawing it gives it back.
            if reload || (_layout.index(of: row) == nil && !animate) { _release(row, bound) }
        }
        _frameState.generation &+= 1

        // Selection follows identity, else the neighbour.
        if let selection = state.selection, !snapshot.contains(item: selection) {
            let count = snapshot.numberOfItems
            state.selection = oldSelectionIndex.flatMap { count > 0 ? snapshot[globalIndex: min($0, count - 1)] : nil }
        }
        _restoreAnchor(anchors)
        _clampState()
        if selectionWasVisible, let selection = state.selection, let index = _layout.index(of: .item(selection)) {
            state.scrollOffset = _offset(revealing: index, anchor: .nearest)
        }
        _checkInvariants()
    }

    /// The snapshot on screen (without reload or reconfigure marks). O(1).
    public func snapshot() -> Snapshot<SectionID, ItemID> { _layout.snapshot }

    /// The current layout: rows and the lines they take. O(1).
    package var layout: ListLayout<SectionID, ItemID> { _layout }

    /// The number of lines of all rows. O(1).
    var numberOfLines: Int { _layout.numberOfLines }

    internal func _makeLayout(_ snapshot: Snapshot<SectionID, ItemID>) -> ListLayout<SectionID, ItemID> {
        let headers = showsSectionHeaders, footers = _footerProvider != nil
        switch rowSizing {
        case .uniform:
            return ListLayout(snapshot: snapshot, headers: headers, footers: footers)
        case .custom(let height):
            let width = _frameState.contentWidth
            return ListLayout(snapshot: snapshot, headers: headers, footers: footers) { height($0, width) }
        case .measured:
            let width = _frameState.contentWidth
            return ListLayout(snapshot: snapshot, headers: headers, footers: footers) { row in
                self._configure(row, width: width, measuring: true).height(forWidth: width)
            }
        }
    }

    /// Rebuilds the layout after a setting changed, keeping the first visible row in place.
    internal func _relayoutKeepingAnchor() {
        _finishAnimations()
        let anchors = _anchorCandidates()
        _layout = _makeLayout(_layout.snapshot)
        for (row, bound) in _bound where _layout.index(of: row) == nil { _release(row, bound) }
        _restoreAnchor(anchors)
        _clampState()
    }
}

/// A cell bound to a row on screen (outside the generic class, so using it costs no generic
/// metadata lookups in the frame loop).
internal struct _BoundCell {
    var cell: any ListCell
    /// `nil` for a cell the provider made itself: it is dropped, not pooled, when off screen.
    var identifier: ReuseIdentifier?
    /// The configuration generation it was last configured in.
    var generation: Int
    /// The frame it was last drawn in.
    var frame: Int
}

/// A list's settings (``ListView`` forwards each).
struct _ListOptions {
    var showsSectionHeaders = true
    var stickySectionHeaders = false
    var showsScrollbar = false
    var scrollMargin = 0
    var growsUpward = false
    var emptyText = "No items"
    var isFocused = true
    var keymap: Keymap<SelectionMovement> = .listNavigation
    var transitionTiming: TransitionTiming = .fromEnvironment()
    var keepsLastChangeset = true
}

/// How a list's own parts look.
struct _ListLooks {
    /// The style of ``emptyText``.
    var emptyStyle = Style(attributes: .dim)
    /// The scrollbar's thumb and track characters (`nil` track: blank, as fzf draws its
    /// `--scrollbar=C`).
    var scrollbarGlyphs: (thumb: Character, track: Character?) = ("█", "│")
    /// The style of the scrollbar's track.
    var scrollbarTrackStyle = Style(attributes: .dim)
    /// The style of the scrollbar's thumb.
    var scrollbarThumbStyle: Style = .plain
    /// The style laid over a row fading out (deleted) or in (inserted); dim by default, an
    /// attribute, so it shows on monochrome and `NO_COLOR` terminals.
    var fadingRowStyle = Style(attributes: .dim)
    /// The style laid over an updated row while it flashes: bold reverse by default (attributes,
    /// so it shows without colour).
    var highlightedRowStyle = Style(attributes: [.bold, .reverse])
}

/// The cells a list makes outside the frame's bound rows (a class: the list mutates it from
/// non-mutating paths as its pool does).
final class _ListCellScratch {
    /// Idle and live cells, with counters of cells made and reused.
    let pool = CellReusePool()
    /// The cell a provider dequeued during the current bind, not yet bound to its row.
    var pendingDequeue: _BoundCell?
    /// One cell per reuse identifier, kept to measure rows (``ListView/RowSizing/automatic``).
    var sizingCells: [ReuseIdentifier: any ListCell] = [:]
}

/// What the last render drew, and the counters that date a bound cell.
struct _ListFrameState {
    /// Bumped when every bound cell must be configured again (an apply, a width change).
    var generation = 0
    /// The frame being drawn (bumped each render).
    var number = 0
    /// The area of the last render, in canvas coordinates.
    var renderedRect: Rect?
    /// The height of the area the last render drew rows into.
    var viewportHeight = 0
    /// The width the cells were laid out at.
    var contentWidth = 80
    /// Scratch of the frame being drawn: which lines a row covers.
    var coveredLines: [Bool] = []
}

/// The bookkeeping of a list's animations between renders.
struct _ListRenderFlags {
    /// The scroll offset (in the current layout) that the running transition's lines refer to.
    var animationOrigin = 0
    /// The content width the running transition was planned at.
    var animationWidth = 0
    /// An animated apply happened and `onAnimationsFinished` has not been called since.
    var restDue = false
    /// A render is under way (a rest noticed then is reported as the render returns).
    var isRendering = false
    /// The list came to rest during the render under way.
    var restNoticedWhileRendering = false
    /// Whether the last render drew a frame of a running transition (see `isAnimating`).
    var lastRenderWasMidTransition = false
}

/// A list's transition between an apply and the renders that play it.
struct _ListTransitionState<SectionID: Hashable, ItemID: Hashable> {
    /// An animated apply not yet handed to the animator: the plan is built at the next render.
    var pending: _PendingTransition<SectionID, ItemID>?
    /// The layout the running transition started from and the offset it was shown at: where
    /// the headers it does not animate are until its rows are half-way (see `_stickyHeader(in:)`).
    var old: (layout: ListLayout<SectionID, ItemID>, offset: Int)?
}

/// The last apply's changeset (``ListView/lastChangeset``), and the snapshots it is worked out
/// from when it is first read.
struct _ListDiffMemo<SectionID: Hashable, ItemID: Hashable> {
    var changeset: Changeset<SectionID, ItemID>?
    var diffInputs: (old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>)?
}
