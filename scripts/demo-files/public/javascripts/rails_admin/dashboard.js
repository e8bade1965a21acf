// Made up for github-tui --demo: not the real file.
// The dashboard's activity bars and the history slider, on Prototype.
var Dashboard = Class.create({
  initialize: function(element, options) {
    this.element = $(element);
    this.options = Object.extend({ months: 5, barWidth: 40 }, options || {});
    this.bars = this.element.select('.bar');
    this.draw();
    this.element.observe('click', this.onClick.bindAsEventListener(this));
  },

  draw: function() {
    var max = this.bars.inject(1, function(acc, bar) {
      return Math.max(acc, parseInt(bar.readAttribute('data-count'), 10) || 0);
    });
    this.bars.each(function(bar) {
      var count = parseInt(bar.readAttribute('data-count'), 10) || 0;
      var height = Math.round(100 * count / max);
      bar.setStyle({ height: height + '%', width: this.options.barWidth + 'px' });
      bar.title = count + (count == 1 ? ' change' : ' changes');
    }, this);
  },

  onClick: function(event) {
    var bar = event.findElement('.bar');
    if (!bar) return;
    event.stop();
    new Ajax.Updater('history', bar.readAttribute('data-url'), {
      method: 'get',
      parameters: { month: bar.readAttribute('data-month'), year: bar.readAttribute('data-year') },
      onComplete: function() { $('history').highlight(); }
    });
  }
});

document.observe('dom:loaded', function() {
  if ($('dashboard')) {
    new Dashboard('dashboard', { months: 5 });
  }
});
