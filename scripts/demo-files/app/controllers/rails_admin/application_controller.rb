# Made up for github-tui --demo: not the real file.
module RailsAdmin
  class ApplicationController < ::ApplicationController
    before_filter :_authenticate!
    before_filter :_authorize!
    before_filter :set_plugin_name

    helper_method :_current_user

    def get_model
      model_name = to_model_name(params[:model_name])
      @abstract_model = RailsAdmin::AbstractModel.new(model_name)
      @model_config = RailsAdmin.config(@abstract_model)
      not_found if @model_config.excluded?
      @properties = @abstract_model.properties
    end

    def to_model_name(param)
      parts = param.split("::")
      parts.map { |part| part.camelize }.join("::")
    end

    private

    def _authenticate!
      instance_eval &RailsAdmin.authenticate
    end

    def _authorize!
      instance_eval &RailsAdmin.authorize
    end

    def _current_user
      instance_eval &RailsAdmin.current_user
    end

    def set_plugin_name
      @plugin_name = "RailsAdmin"
    end

    def not_found
      render :file => Rails.root.join('public', '404.html'), :layout => false, :status => 404
    end
  end
end
